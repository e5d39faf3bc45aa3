import { type FixtureNode, snapshot } from "./recording-fixture.ts";

export const SETTINGS = "com.android.settings";
export const LAUNCHER = "com.android.launcher3";
export const DEMO = "com.clawperator.demo";

const toolbar = (title: string, up: boolean): FixtureNode => ({
  id: "toolbar",
  cls: "android.view.ViewGroup",
  bounds: [0, 132, 1080, 279],
  children: [
    ...(up
      ? [
          {
            cls: "android.widget.ImageButton",
            desc: "Navigate up",
            clickable: true,
            bounds: [0, 132, 147, 279],
          } as FixtureNode,
        ]
      : []),
    { text: title, bounds: [189, 172, 1038, 239] },
  ],
});

/** A settings row: a clickable LinearLayout whose words are its title and summary children. */
export const row = (top: number, title: string, summary: string): FixtureNode => ({
  cls: "android.widget.LinearLayout",
  clickable: true,
  bounds: [0, top, 1080, top + 160],
  children: [
    { id: "android:id/title", text: title, bounds: [63, top + 20, 1038, top + 80] },
    { id: "android:id/summary", text: summary, bounds: [63, top + 80, 1038, top + 140] },
  ],
});

const list = (rows: FixtureNode[]): FixtureNode => ({
  id: `${SETTINGS}:id/recycler_view`,
  cls: "androidx.recyclerview.widget.RecyclerView",
  scrollable: true,
  bounds: [0, 300, 1080, 2337],
  children: rows,
});

export const settingsIcon: FixtureNode = {
  text: "Settings",
  desc: "Settings",
  clickable: true,
  bounds: [0, 1600, 270, 1884],
};
export const launcher = snapshot(LAUNCHER, [
  settingsIcon,
  { text: "Clawperator Demo", desc: "Clawperator Demo", clickable: true, bounds: [270, 1600, 540, 1884] },
]);

export const displayRow = row(1420, "Display", "Dark theme, font size, brightness");
export const settingsPage1 = snapshot(SETTINGS, [
  toolbar("Settings", false),
  list([
    row(300, "Network & internet", "Mobile, Wi-Fi, hotspot"),
    row(460, "Battery", "82%"),
    row(620, "Accessibility", "Display, interaction, audio"),
    displayRow,
  ]),
]);
export const aboutRow = row(460, "About phone", "Clawperator Virtual Device");
export const settingsPage3 = snapshot(SETTINGS, [
  toolbar("Settings", false),
  list([row(300, "System", "Languages, gestures, time, backup"), aboutRow]),
]);
export const display = snapshot(SETTINGS, [
  toolbar("Display", true),
  list([row(300, "Brightness level", "62%"), row(460, "Dark theme", "Will never turn on automatically")]),
]);
export const about = snapshot(SETTINGS, [
  toolbar("About phone", true),
  list([row(300, "Device name", "Pixel 7"), row(460, "Model", "Pixel 7")]),
]);

export const searchField: FixtureNode = {
  id: `${DEMO}:id/search`,
  cls: "android.widget.EditText",
  clickable: true,
  bounds: [42, 321, 1038, 468],
};
export const demo = snapshot(DEMO, [
  toolbar("Clawperator Demo", false),
  { ...searchField, focused: true },
  {
    id: `${DEMO}:id/search_button`,
    cls: "android.widget.Button",
    text: "Search",
    clickable: true,
    bounds: [42, 489, 1038, 615],
  },
  { id: `${DEMO}:id/temperature`, text: "21.4 °C", bounds: [42, 779, 1038, 947] },
]);
const result = (top: number, city: string, reading: string): FixtureNode => ({
  id: `${DEMO}:id/result_row`,
  cls: "android.widget.LinearLayout",
  clickable: true,
  bounds: [0, top, 1080, top + 189],
  children: [
    { id: `${DEMO}:id/result_city`, text: city, bounds: [42, top + 21, 700, top + 168] },
    { id: `${DEMO}:id/result_temperature`, text: reading, bounds: [700, top + 21, 1038, top + 168] },
  ],
});
export const sanJose = result(489, "San Jose", "24.0 °C");
export const results = snapshot(DEMO, [
  toolbar("Results", true),
  {
    id: `${DEMO}:id/results`,
    cls: "androidx.recyclerview.widget.RecyclerView",
    bounds: [0, 300, 1080, 867],
    children: [result(300, "San Francisco", "21.4 °C"), sanJose],
  },
]);
export const resultDetail = snapshot(DEMO, [
  toolbar("San Jose", true),
  { id: `${DEMO}:id/owner`, text: "owner: jane.doe@example.com", bounds: [42, 400, 1038, 500] },
  { id: `${DEMO}:id/reading`, text: "24.0 °C", bounds: [42, 500, 1038, 600] },
]);
