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
];

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
