import { describe, expect, it } from "vitest";
import { createDevice, execute } from "./harness.ts";
import { lists, noScrollables } from "./scroll-screens.ts";

const scroll = (params: Record<string, unknown> = {}) => ({ id: "s", type: "scroll", params });

describe("scroll", () => {
  it("scrolls the first scrollable node, waits the settle delay, and reports moved", async () => {
    const device = createDevice(lists("a"));
    device.ui.scrollOutcomes.push("moved");
    const envelope = await execute(device, [scroll()]);
    expect(envelope.stepResults).toEqual([
      {
        id: "s",
        actionType: "scroll",
        success: true,
        data: {
          scroll_outcome: "moved",
          direction: "down",
          distance_ratio: "0.7",
          settle_delay_ms: "250",
          resolved_container: "app:id/outer",
        },
      },
    ]);
    expect(device.ui.calls).toEqual(["scroll:app:id/outer:down:0.7"]);
    expect(device.clock.sleeps).toEqual([250]);
  });

  it("reports edge_reached as a success, with the given direction, ratio and delay", async () => {
    const device = createDevice(lists("a"));
    const envelope = await execute(device, [
      scroll({ container: { resourceId: "app:id/list" }, direction: "up", distanceRatio: 1, settleDelayMs: 0 }),
    ]);
    expect(envelope.stepResults[0]).toMatchObject({
      success: true,
      data: {
        scroll_outcome: "edge_reached",
        direction: "up",
        distance_ratio: "1.0",
        settle_delay_ms: "0",
        resolved_container: "app:id/list",
      },
    });
    expect(device.clock.sleeps).toEqual([]);
  });

  it("answers GESTURE_FAILED, keeping the scroll data, when the OS refuses the gesture, and the command goes on", async () => {
    const device = createDevice(lists("a"));
    device.ui.scrollOutcomes.push("gesture_failed");
    const envelope = await execute(device, [scroll(), { type: "doctor_ping" }]);
    expect(envelope).toMatchObject({ status: "success" });
    expect(envelope.stepResults.slice(0, 1)).toEqual([
      {
        id: "s",
        actionType: "scroll",
        success: false,
        data: {
          scroll_outcome: "gesture_failed",
          direction: "down",
          distance_ratio: "0.7",
          settle_delay_ms: "250",
          resolved_container: "app:id/outer",
          error: "GESTURE_FAILED",
          message: "The OS rejected the scroll gesture",
        },
      },
    ]);
    expect(device.clock.sleeps).toEqual([]);
  });

  it("uses the first scrollable descendant of a container that is not scrollable itself, leaving out an empty resource id", async () => {
    const device = createDevice(lists("a"));
    const envelope = await execute(device, [scroll({ container: { resourceId: "app:id/wrapper" } })]);
    expect(envelope.stepResults[0]!.data).not.toHaveProperty("resolved_container");
    expect(device.ui.calls).toEqual(["scroll:?:down:0.7"]);
  });

  it.each([
    [
      "no container matches",
      { container: { resourceId: "app:id/nope" } },
      lists("a"),
      "CONTAINER_NOT_FOUND",
      "Container not found for NodeMatcher(resourceId=app:id/nope, role=null, textEquals=null, " +
        "textContains=null, contentDescEquals=null, contentDescContains=null)",
    ],
    ["nothing on screen scrolls", {}, noScrollables, "CONTAINER_NOT_FOUND", "No scrollable container visible"],
    [
      "the container has nothing scrollable inside",
      { container: { resourceId: "app:id/plain" } },
      lists("a"),
      "CONTAINER_NOT_SCROLLABLE",
      "Scrollable container not found for NodeMatcher(resourceId=app:id/plain, role=null, textEquals=null, " +
        "textContains=null, contentDescEquals=null, contentDescContains=null)",
    ],
    [
      "the descendant search is off",
      { container: { resourceId: "app:id/wrapper" }, findFirstScrollableChild: false },
      lists("a"),
      "CONTAINER_NOT_SCROLLABLE",
      "Scrollable container not found for NodeMatcher(resourceId=app:id/wrapper, role=null, textEquals=null, " +
        "textContains=null, contentDescEquals=null, contentDescContains=null)",
    ],
  ])("answers a failed step when %s", async (_name, params, hierarchy, code, message) => {
    const device = createDevice(hierarchy);
    const envelope = await execute(device, [scroll(params)]);
    expect(envelope).toMatchObject({ status: "success", stepResults: [{ success: false }] });
    expect(envelope.stepResults[0]!.data).toEqual({ direction: "down", settle_delay_ms: "250", error: code, message });
    expect(device.ui.calls).toEqual([]);
  });

  it("tries once by default, and as often as a retry object says", async () => {
    const single = createDevice(noScrollables);
    await execute(single, [scroll()]);
    expect(single.ui.snapshots).toBe(1);

    const device = createDevice(noScrollables);
    device.ui.next.push(noScrollables, lists("a"));
    const envelope = await execute(device, [scroll({ retry: { maxAttempts: 3, initialDelayMs: 100 } })]);
    expect(envelope.status).toBe("success");
    expect(device.clock.sleeps).toEqual([100, 250]);
  });
});
