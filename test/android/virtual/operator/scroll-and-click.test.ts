import { describe, expect, it } from "vitest";
import { createDevice, execute } from "./harness.ts";
import { lists } from "./scroll-screens.ts";

const target = { textEquals: "Zebra" };
const ZEBRA =
  "NodeMatcher(resourceId=null, role=null, textEquals=Zebra, textContains=null, contentDescEquals=null, " +
  "contentDescContains=null)";

describe("scroll_and_click", () => {
  it("scrolls until the target is on screen, then clicks it", async () => {
    const device = createDevice(lists("a"));
    device.ui.scrollOutcomes.push("moved", "moved");
    device.ui.next.push(lists("a"), lists("b"), lists("Zebra"));
    const envelope = await execute(device, [{ id: "sc", type: "scroll_and_click", params: { matcher: target } }]);
    expect(envelope.stepResults).toEqual([
      {
        id: "sc",
        actionType: "scroll_and_click",
        success: true,
        data: { max_swipes: "10", direction: "down", click_types: "click", click_after: "true" },
      },
    ]);
    expect(device.ui.calls).toEqual(["scroll:app:id/outer:down:0.7", "scroll:app:id/outer:down:0.7", "tap:50,25"]);
    expect(device.clock.sleeps).toEqual([250, 250]);
  });

  it("only brings the target into view when clickAfter is false", async () => {
    const device = createDevice(lists("a"));
    device.ui.scrollOutcomes.push("moved");
    device.ui.next.push(lists("a"), lists("Zebra"));
    const envelope = await execute(device, [
      {
        id: "sc",
        type: "scroll_and_click",
        params: {
          matcher: target,
          clickAfter: false,
          direction: "up",
          maxSwipes: 3,
          container: { resourceId: "app:id/list" },
        },
      },
    ]);
    expect(envelope.stepResults[0]!.data).toEqual({
      max_swipes: "3",
      direction: "up",
      click_types: "click",
      click_after: "false",
    });
    expect(device.ui.calls).toEqual(["scroll:app:id/list:up:0.7"]);
  });

  it("gives up with NODE_NOT_FOUND after maxSwipes gestures", async () => {
    const device = createDevice(lists("a"));
    device.ui.scrollOutcomes.push(...Array(10).fill("moved"));
    const envelope = await execute(device, [
      { id: "sc", type: "scroll_and_click", params: { matcher: target, maxSwipes: 3 } },
    ]);
    expect(device.ui.calls).toHaveLength(3);
    expect(envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error: `Task execution failed: Target node not found after scrolling: ${ZEBRA}`,
    });
  });

  it("gives up early when two gestures in a row hit the edge", async () => {
    const device = createDevice(lists("a"));
    const envelope = await execute(device, [{ type: "scroll_and_click", params: { matcher: target } }]);
    expect(envelope.error).toBe(`Task execution failed: Target node not found after scrolling: ${ZEBRA}`);
    expect(device.ui.calls).toHaveLength(2);
  });

  it("retries a missing container with the UiScroll preset (4 attempts)", async () => {
    const device = createDevice(lists("a"), { random: () => 0 });
    const envelope = await execute(device, [
      { type: "scroll_and_click", params: { matcher: target, container: { resourceId: "app:id/nope" } } },
    ]);
    expect(envelope.error).toMatch(
      /^Task execution failed: Container not found for NodeMatcher\(resourceId=app:id\/nope, /,
    );
    expect(device.clock.sleeps).toEqual([340, 680, 1_360]);
  });
});
