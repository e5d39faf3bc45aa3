import { parseHierarchy } from "../../../android/hierarchy/index.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import observeSnapshot from "./observe-snapshot.ts";
import { renderResult } from "../../../android/operator/render-result.ts";
import { renderUiTree } from "../../../android/hierarchy/render-tree.ts";

/** `inspect ui`: `observe snapshot`, shown to people as a tree of the screen. */
const inspectUi = defineCommandHandler({
  ...observeSnapshot,
  pretty(result) {
    const xml = result.envelope.stepResults[0]?.data.text;
    if (!xml) return renderResult(result);
    const hierarchy = parseHierarchy(xml);
    return (
      `${result.deviceId} — ${hierarchy.windows.length} window(s), rotation ${hierarchy.rotation}\n` +
      `${renderUiTree(hierarchy.windows)}`
    );
  },
});

export default inspectUi;
