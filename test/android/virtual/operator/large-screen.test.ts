import { describe, expect, it } from "vitest";
import { loadFixture } from "../../hierarchy/fixtures.ts";
import { createDevice, execute, type ActionInput } from "./harness.ts";

const SCREEN = "jukandian_article_webview_cjk_504nodes.xml";

// The real 504-node WebView dump: every action finds its node deep in the tree, run after run on one operator.
// What an action costs here is a target in bench/in-process.mjs (bench/RESULTS.md), not an assertion.
describe("actions on a 504-node screen", () => {
  it.each<[string, ActionInput, Record<string, string>]>([
    [
      "click near the end of the tree",
      { type: "click", params: { matcher: { textEquals: "139" } } },
      { click_types: "click" },
    ],
    [
      "read_text",
      { type: "read_text", params: { matcher: { textEquals: "139" } } },
      { text: "139", validator: "none" },
    ],
    [
      "wait_for_node on the last node",
      { type: "wait_for_node", params: { matcher: { resourceId: "com.xiangzi.jukandian:id/ll_share_layout" } } },
      { resource_id: "com.xiangzi.jukandian:id/ll_share_layout", label: "" },
    ],
    [
      "scroll",
      { type: "scroll" },
      { scroll_outcome: "moved", direction: "down", distance_ratio: "0.7", settle_delay_ms: "250" },
    ],
    ["snapshot_ui", { type: "snapshot_ui" }, { actual_format: "hierarchy_xml" }],
  ])("%s succeeds with the same result on every run", async (_name, action, data) => {
    const device = createDevice(loadFixture(SCREEN));
    device.ui.scrollOutcomes.push("moved", "moved", "moved");
    for (let run = 0; run < 3; run++) {
      device.log.records.length = 0;
      const envelope = await execute(device, [{ id: "a", ...action }]);
      expect(envelope).toMatchObject({
        status: "success",
        stepResults: [{ id: "a", actionType: action.type, success: true, data }],
      });
    }
  });

  it("snapshot_ui logs all 504 nodes", async () => {
    const device = createDevice(loadFixture(SCREEN));
    await execute(device, [{ id: "s", type: "snapshot_ui" }]);
    const logged = device.log.records.map((r) => r.message).join("\n");
    expect(logged.match(/<node\b/g)).toHaveLength(504);
  });
});
