import type { ScenarioSource } from "../schema/scenario-schema.ts";
import type { View } from "./view-builder.ts";

export type AppSource = ScenarioSource["apps"][number];
export type ScreenSource = ScenarioSource["screens"][string];

/** One app of a built-in scenario: its package entry and the screens it owns. */
export interface AppPart {
  app: AppSource;
  screens: Record<string, ScreenSource>;
}

/** The built-in device: a 1080x2400 phone at 420 dpi with gesture navigation. */
export const SCREEN = { width: 1080, height: 2400, statusBar: 132, navigationBar: 63 } as const;
/** Where app content starts: below the status bar and a 147 px toolbar. */
export const CONTENT_TOP = SCREEN.statusBar + 147;
export const CONTENT_BOTTOM = SCREEN.height - SCREEN.navigationBar;

/** The full-screen window root every app screen hangs from. */
export const windowRoot = (children: View[]): View => ({
  cls: "FrameLayout",
  bounds: [0, 0, SCREEN.width, SCREEN.height],
  children: [{ cls: "LinearLayout", bounds: [0, SCREEN.statusBar, SCREEN.width, CONTENT_BOTTOM], children }],
});

/** A toolbar with a title, and on sub-screens the "Navigate up" button that goes back. */
export function toolbar(title: string, withUp: boolean): View {
  const top = SCREEN.statusBar;
  const children: View[] = [];
  if (withUp)
    children.push({ cls: "ImageButton", bounds: [0, top, 147, CONTENT_TOP], desc: "Navigate up", clickable: true });
  children.push({
    cls: "TextView",
    bounds: [withUp ? 189 : 42, top + 40, SCREEN.width - 42, CONTENT_TOP - 40],
    text: title,
  });
  return { cls: "android.view.ViewGroup", id: "toolbar", bounds: [0, top, SCREEN.width, CONTENT_TOP], children };
}

/** The transition every sub-screen's up button has. */
export const navigateUp = { click: { contentDescEquals: "Navigate up" }, to: "@back" };

/** A settings-style row: clickable, with a title, a summary and optionally a switch at the end. */
export function listRow(
  top: number,
  height: number,
  title: string,
  summary: string,
  toggle?: { checked: boolean },
): View {
  const textRight = toggle ? SCREEN.width - 210 : SCREEN.width - 42;
  const children: View[] = [
    {
      cls: "TextView",
      id: "android:id/title",
      bounds: [63, top + 20, textRight, top + Math.round(height / 2)],
      text: title,
    },
    {
      cls: "TextView",
      id: "android:id/summary",
      bounds: [63, top + Math.round(height / 2), textRight, top + height - 20],
      text: summary,
    },
  ];
  if (toggle) {
    const mid = top + Math.round(height / 2);
    children.push({
      cls: "Switch",
      id: "android:id/switch_widget",
      bounds: [SCREEN.width - 189, mid - 42, SCREEN.width - 42, mid + 42],
      checkable: true,
      checked: toggle.checked,
      focusable: false,
    });
  }
  return { cls: "LinearLayout", bounds: [0, top, SCREEN.width, top + height], clickable: true, children };
}
