import { SCREEN, type AppPart, type AppSource } from "./parts.ts";
import { screenXml, type View } from "./view-builder.ts";

const PKG = "com.android.launcher3";
const COLUMNS = 4;
const CELL_WIDTH = SCREEN.width / COLUMNS;
const CELL_HEIGHT = 284;
const GRID_TOP = 1600;

const icon = (label: string, i: number): View => {
  const left = (i % COLUMNS) * CELL_WIDTH;
  const top = GRID_TOP + Math.floor(i / COLUMNS) * CELL_HEIGHT;
  return {
    cls: "TextView",
    bounds: [left, top, left + CELL_WIDTH, top + CELL_HEIGHT],
    text: label,
    desc: label,
    clickable: true,
    longClickable: true,
  };
};

/** The home screen: an icon per launchable app, in the order given; a click starts the app. */
export function launcherApp(apps: readonly AppSource[]): AppPart {
  const launchable = apps.filter((app) => app.launchScreen !== undefined);
  const workspace: View = {
    cls: "FrameLayout",
    bounds: [0, 0, SCREEN.width, SCREEN.height],
    children: [
      {
        cls: "android.view.ViewGroup",
        id: "workspace",
        bounds: [0, SCREEN.statusBar, SCREEN.width, SCREEN.height - SCREEN.navigationBar],
        children: launchable.map((app, i) => icon(app.label, i)),
      },
    ],
  };
  return {
    app: { package: PKG, label: "Quickstep", versionName: "14", versionCode: 34, system: true },
    screens: {
      launcher: {
        hierarchy_xml: screenXml(PKG, workspace),
        transitions: launchable.map((app) => ({ click: { contentDescEquals: app.label }, launch: app.package })),
      },
    },
  };
}
