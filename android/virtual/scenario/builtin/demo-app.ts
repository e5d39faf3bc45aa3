import { CONTENT_TOP, navigateUp, SCREEN, toolbar, windowRoot, type AppPart } from "./parts.ts";
import { screenXml, type View } from "./view-builder.ts";

const PKG = "com.clawperator.demo";
const LEFT = 42;
const RIGHT = SCREEN.width - 42;

/** A block of the form, `top` px below the toolbar. */
const at = (top: number, height: number): readonly [number, number, number, number] => [
  LEFT,
  CONTENT_TOP + top,
  RIGHT,
  CONTENT_TOP + top + height,
];

const main: View[] = [
  toolbar("Clawperator Demo", false),
  {
    cls: "EditText",
    id: "search",
    bounds: at(42, 147),
    hint: "Search cities",
    clickable: true,
    longClickable: true,
    focusable: true,
  },
  { cls: "Button", id: "search_button", bounds: at(210, 126), text: "Search", clickable: true },
  { cls: "TextView", id: "city", bounds: at(400, 84), text: "San Francisco" },
  { cls: "TextView", id: "temperature", bounds: at(500, 168), text: "21.4 °C" },
  { cls: "Switch", id: "units_toggle", bounds: at(710, 126), text: "Use Fahrenheit", clickable: true, checkable: true },
  { cls: "Button", id: "feedback", bounds: at(880, 126), text: "Send feedback", clickable: true },
  { cls: "Button", id: "clear_history", bounds: at(1030, 126), text: "Clear history", clickable: true },
];

/** The feedback form: two fields and a send button. */
const form: View[] = [
  toolbar("Feedback", true),
  { cls: "EditText", id: "name", bounds: at(42, 147), hint: "Your name", clickable: true, focusable: true },
  { cls: "EditText", id: "email", bounds: at(210, 147), hint: "Email", clickable: true, focusable: true },
  { cls: "Button", id: "send", bounds: at(400, 126), text: "Send", clickable: true },
];

/** A dialog over the demo screen, as Android draws an AlertDialog: a floating window, not at 0,0. */
const DIALOG = [84, 940, SCREEN.width - 84, 1460] as const;
const dialog: View = {
  cls: "FrameLayout",
  bounds: DIALOG,
  children: [
    { cls: "TextView", id: "android:id/alertTitle", bounds: [147, 1003, 933, 1087], text: "Clear history?" },
    {
      cls: "TextView",
      id: "android:id/message",
      bounds: [147, 1108, 933, 1234],
      text: "This removes your 3 saved searches.",
    },
    { cls: "Button", id: "android:id/button2", bounds: [420, 1297, 660, 1423], text: "Cancel", clickable: true },
    { cls: "Button", id: "android:id/button1", bounds: [690, 1297, 933, 1423], text: "Clear", clickable: true },
  ],
};

const RESULTS: ReadonlyArray<readonly [string, string]> = [
  ["San Francisco", "21.4 °C"],
  ["San Jose", "24.0 °C"],
  ["Santa Cruz", "19.8 °C"],
];

const resultRow = ([city, reading]: readonly [string, string], i: number): View => {
  const top = CONTENT_TOP + 21 + i * 189;
  return {
    cls: "LinearLayout",
    id: "result_row",
    bounds: [0, top, SCREEN.width, top + 189],
    clickable: true,
    children: [
      { cls: "TextView", id: "result_city", bounds: [LEFT, top + 21, 700, top + 168], text: city },
      { cls: "TextView", id: "result_temperature", bounds: [700, top + 21, RIGHT, top + 168], text: reading },
    ],
  };
};

/** The demo app: a city search with a submit that shows results, a units switch and a temperature that drifts. */
export function demoApp(): AppPart {
  return {
    app: { package: PKG, label: "Clawperator Demo", versionName: "1.0.0", versionCode: 1, launchScreen: "demo" },
    screens: {
      demo: {
        hierarchy_xml: screenXml(PKG, windowRoot(main)),
        transitions: [
          { submit: { resourceId: `${PKG}:id/search` }, to: "demo_results" },
          { click: { resourceId: `${PKG}:id/search_button` }, to: "demo_results" },
          { click: { resourceId: `${PKG}:id/feedback` }, to: "demo_form" },
          { click: { resourceId: `${PKG}:id/clear_history` }, to: "demo_dialog" },
        ],
        values: [
          {
            node: { resourceId: `${PKG}:id/temperature` },
            sine: { base: 21.4, amplitude: 1.5, periodMs: 60_000 },
            decimals: 1,
            format: "{value} °C",
          },
        ],
      },
      demo_form: {
        hierarchy_xml: screenXml(PKG, windowRoot(form)),
        transitions: [navigateUp, { click: { resourceId: `${PKG}:id/send` }, to: "demo_sent" }],
      },
      demo_sent: {
        hierarchy_xml: screenXml(
          PKG,
          windowRoot([
            toolbar("Feedback", true),
            { cls: "TextView", id: "thanks", bounds: at(42, 84), text: "Thanks!" },
            { cls: "TextView", id: "reply_to", bounds: at(147, 84), text: "" },
          ]),
        ),
        values: [
          {
            node: { resourceId: `${PKG}:id/thanks` },
            mirror: { screen: "demo_form", field: { resourceId: `${PKG}:id/name` } },
            format: "Thanks, {value}!",
          },
          {
            node: { resourceId: `${PKG}:id/reply_to` },
            mirror: { screen: "demo_form", field: { resourceId: `${PKG}:id/email` } },
            format: "We will reply to {value}",
          },
        ],
        transitions: [navigateUp],
      },
      demo_dialog: {
        hierarchy_xml: screenXml(PKG, dialog),
        overlay: true,
        transitions: [
          { click: { resourceId: "android:id/button2" }, to: "@back" },
          { click: { resourceId: "android:id/button1" }, to: "@back" },
        ],
      },
      demo_results: {
        hierarchy_xml: screenXml(
          PKG,
          windowRoot([
            toolbar("Results", true),
            {
              cls: "androidx.recyclerview.widget.RecyclerView",
              id: "results",
              bounds: [0, CONTENT_TOP + 21, SCREEN.width, CONTENT_TOP + 21 + 3 * 189],
              children: RESULTS.map(resultRow),
            },
          ]),
        ),
        transitions: [navigateUp],
      },
    },
  };
}
