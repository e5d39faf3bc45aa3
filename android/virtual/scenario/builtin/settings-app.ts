import type { DeviceProfile } from "../scenario-types.ts";
import {
  CONTENT_BOTTOM,
  CONTENT_TOP,
  listRow,
  navigateUp,
  SCREEN,
  toolbar,
  windowRoot,
  type AppPart,
} from "./parts.ts";
import { SETTINGS_ROWS } from "./settings-rows.ts";
import { pageXml, screenXml, type View } from "./view-builder.ts";

const PKG = "com.android.settings";
const ROW_HEIGHT = 160;
const LIST_TOP = CONTENT_TOP + 21;
/** As many rows as fit the list; the rest are later scroll pages. */
const ROWS_PER_PAGE = Math.floor((CONTENT_BOTTOM - LIST_TOP) / ROW_HEIGHT);

const rowsAt = (rows: ReadonlyArray<readonly [string, string]>): View[] =>
  rows.map(([title, summary], i) => listRow(LIST_TOP + i * ROW_HEIGHT, ROW_HEIGHT, title, summary));

const list = (children: View[]): View => ({
  cls: "androidx.recyclerview.widget.RecyclerView",
  id: "recycler_view",
  bounds: [0, LIST_TOP, SCREEN.width, CONTENT_BOTTOM],
  scrollable: true,
  focusable: true,
  children,
});

function pages(): Array<ReadonlyArray<readonly [string, string]>> {
  const out: Array<ReadonlyArray<readonly [string, string]>> = [];
  for (let i = 0; i < SETTINGS_ROWS.length; i += ROWS_PER_PAGE) out.push(SETTINGS_ROWS.slice(i, i + ROWS_PER_PAGE));
  return out;
}

/** A sub-page: toolbar with the up button, then rows. */
function subScreen(title: string, rows: Array<[string, string, { checked: boolean }?]>): string {
  const children = rows.map(([name, summary, toggle], i) =>
    listRow(LIST_TOP + i * ROW_HEIGHT, ROW_HEIGHT, name, summary, toggle),
  );
  return screenXml(PKG, windowRoot([toolbar(title, true), list(children)]));
}

/** Android Settings: the home page list over several scroll pages, Display (with Dark theme) and About phone. */
export function settingsApp(device: Pick<DeviceProfile, "model" | "release" | "sdk">): AppPart {
  const [first = [], ...later] = pages();
  return {
    app: {
      package: PKG,
      label: "Settings",
      versionName: device.release,
      versionCode: device.sdk,
      system: true,
      launchScreen: "settings",
    },
    screens: {
      settings: {
        hierarchy_xml: screenXml(PKG, windowRoot([toolbar("Settings", false), list(rowsAt(first))])),
        scroll: [
          {
            container: { resourceId: `${PKG}:id/recycler_view` },
            pages: later.map((rows) => pageXml(PKG, rowsAt(rows))),
          },
        ],
        transitions: [
          { click: { textEquals: "Network & internet" }, to: "settings_network" },
          { click: { textEquals: "Battery" }, to: "settings_battery" },
          { click: { textEquals: "Display" }, to: "settings_display" },
          { click: { textEquals: "About phone" }, to: "settings_about" },
        ],
      },
      // Android 14's Network & internet page; Wi-Fi lives under "Internet".
      settings_network: {
        hierarchy_xml: subScreen("Network & internet", [
          ["Internet", "AndroidWifi"],
          ["Calls & SMS", "T-Mobile"],
          ["SIMs", "T-Mobile"],
          ["Airplane mode", "", { checked: false }],
          ["Hotspot & tethering", "Off"],
          ["Data Saver", "Off"],
          ["VPN", "None"],
          ["Private DNS", "Automatic"],
        ]),
        transitions: [navigateUp, { click: { textEquals: "Internet" }, to: "settings_internet" }],
      },
      settings_internet: {
        hierarchy_xml: subScreen("Internet", [
          ["Wi‑Fi", "", { checked: true }],
          ["AndroidWifi", "Connected"],
          ["Clawperator-Guest", "Saved"],
          ["Add network", ""],
          ["Saved networks", "2 networks"],
        ]),
        transitions: [navigateUp],
      },
      settings_battery: {
        hierarchy_xml: subScreen("Battery", [
          ["Battery usage", "82% - about 1 day left"],
          ["Battery Saver", "Off"],
          ["Adaptive Battery", "Limits battery for apps you don't use often", { checked: true }],
          ["Battery percentage", "Show battery percentage in status bar", { checked: false }],
        ]),
        transitions: [navigateUp],
      },
      settings_display: {
        hierarchy_xml: subScreen("Display", [
          ["Brightness level", "62%"],
          ["Adaptive brightness", "Optimizes brightness for surroundings", { checked: true }],
          ["Dark theme", "Will never turn on automatically", { checked: false }],
          ["Screen timeout", "After 30 seconds of inactivity"],
          ["Font size and text", "Default"],
        ]),
        transitions: [navigateUp],
      },
      settings_about: {
        hierarchy_xml: subScreen("About phone", [
          ["Device name", device.model],
          ["Model", device.model],
          ["Android version", device.release],
          ["Build number", `CLAW.${device.sdk}0101.001`],
        ]),
        transitions: [navigateUp],
      },
    },
  };
}
