import { describe, expect, it } from "vitest";
import type { ScrollOutcome } from "../../../../android/virtual/ui/ui-model.ts";
import { createDevice, execute } from "./harness.ts";
import { lists, noScrollables } from "./scroll-screens.ts";

async function scrollUntil(outcomes: ScrollOutcome[], params: Record<string, unknown> = {}, hierarchy = lists("a")) {
  const device = createDevice(hierarchy);
  device.ui.scrollOutcomes.push(...outcomes);
  const envelope = await execute(device, [{ id: "u", type: "scroll_until", params }]);
  return { device, envelope, step: envelope.stepResults[0]! };
}

describe("scroll_until", () => {
  it("stops with EDGE_REACHED when the content ends, counting the last gesture", async () => {
    const { step, device } = await scrollUntil(["moved", "moved", "edge_reached"]);
    expect(step).toEqual({
      id: "u",
      actionType: "scroll_until",
      success: true,
      data: {
        termination_reason: "EDGE_REACHED",
        scrolls_executed: "3",
        direction: "down",
        resolved_container: "app:id/outer",
      },
    });
    expect(device.clock.sleeps).toEqual([250, 250, 250]);
  });

  it("stops with MAX_SCROLLS_REACHED at maxScrolls", async () => {
    const { step } = await scrollUntil(Array(10).fill("moved"), { maxScrolls: 4, direction: "up" });
    expect(step.data).toMatchObject({
      termination_reason: "MAX_SCROLLS_REACHED",
      scrolls_executed: "4",
      direction: "up",
    });
  });

  it("stops with MAX_DURATION_REACHED once maxDurationMs has passed", async () => {
    const { step } = await scrollUntil(Array(10).fill("moved"), { maxDurationMs: 1_000, settleDelayMs: 400 });
    expect(step.data).toMatchObject({ termination_reason: "MAX_DURATION_REACHED", scrolls_executed: "3" });
    const { step: none } = await scrollUntil(["moved"], { maxDurationMs: 0 });
    expect(none.data).toMatchObject({ termination_reason: "MAX_DURATION_REACHED", scrolls_executed: "0" });
  });

  it("stops with NO_POSITION_CHANGE after noPositionChangeThreshold refused gestures in a row", async () => {
    const { step, device } = await scrollUntil([
      "gesture_failed",
      "gesture_failed",
      "moved",
      "gesture_failed",
      "gesture_failed",
      "gesture_failed",
    ]);
    expect(step.data).toMatchObject({ termination_reason: "NO_POSITION_CHANGE", scrolls_executed: "6" });
    expect(device.clock.sleeps).toEqual([250]);
    const { step: quick } = await scrollUntil(["gesture_failed"], { noPositionChangeThreshold: 1 });
    expect(quick.data).toMatchObject({ termination_reason: "NO_POSITION_CHANGE", scrolls_executed: "1" });
  });

  it("reports EDGE_REACHED when the container disappears mid-loop, as the APK does", async () => {
    const device = createDevice(lists("a"));
    device.ui.scrollOutcomes.push("moved", "moved");
    device.ui.next.push(lists("a"), lists("a"), noScrollables);
    const envelope = await execute(device, [{ id: "u", type: "scroll_until" }]);
    expect(envelope.stepResults[0]!.data).toMatchObject({ termination_reason: "EDGE_REACHED", scrolls_executed: "1" });
  });

  it.each([
    ["CONTAINER_NOT_FOUND", { container: { textEquals: "nope" } }, lists("a")],
    ["CONTAINER_NOT_FOUND", {}, noScrollables],
    ["CONTAINER_NOT_SCROLLABLE", { container: { resourceId: "app:id/plain" } }, lists("a")],
  ])("answers a failed step with %s, scrolls nothing, and the command goes on", async (code, params, hierarchy) => {
    const { envelope, device } = await scrollUntil(["moved"], params, hierarchy);
    expect(envelope).toMatchObject({ status: "success" });
    expect(envelope.stepResults[0]).toMatchObject({
      success: false,
      data: {
        termination_reason: code,
        scrolls_executed: "0",
        direction: "down",
        error: code,
        message: expect.any(String),
      },
    });
    expect(device.ui.calls).toEqual([]);
  });
});
