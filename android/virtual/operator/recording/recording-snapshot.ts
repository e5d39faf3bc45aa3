import type { UiHierarchy } from "../../tree/index.ts";
import { apkHierarchyLines } from "../apk-hierarchy-xml.ts";

/**
 * What the APK's recording captures for an event: `rootInActiveWindow` (the front window only) dumped as
 * `toUiAutomatorHierarchyDump` writes it, the same 17 attributes as a snapshot_ui step, every line ending with a
 * line break. Null when there is no active window. The rotation is the display's, a number (0 when unknown); the
 * root is index 0, the index it has in no parent.
 */
export function activeWindowDump(hierarchy: UiHierarchy): string | null {
  const [active] = hierarchy.windows;
  if (active === undefined) return null;
  const rotation = /^[0-3]$/.test(hierarchy.rotation) ? hierarchy.rotation : "0";
  const root =
    (active.attributes.index ?? "0") === "0" ? active : { ...active, attributes: { ...active.attributes, index: "0" } };
  const lines = apkHierarchyLines({ rotation, attributes: {}, windows: [root] });
  return `${lines.join("\n")}\n`;
}
