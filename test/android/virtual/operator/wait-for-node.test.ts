import { describe, expect, it } from "vitest";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute } from "./harness.ts";

const empty = screen(node({ "resource-id": "app:id/root" }));
const loaded = screen(
  node({ "resource-id": "app:id/root" }, node({ "resource-id": "app:id/done", text: "", "content-desc": "Done" })),
);
const wait = (params: Record<string, unknown> = {}) => ({
  id: "w",
  type: "wait_for_node",
  params: { matcher: { resourceId: "app:id/done" }, ...params },
});

const DONE =
  "NodeMatcher(resourceId=app:id/done, role=null, textEquals=null, textContains=null, contentDescEquals=null, " +
  "contentDescContains=null)";

describe("wait_for_node", () => {
  it("returns the node's resource id and label (content description when it has no text)", async () => {
    const device = createDevice(loaded);
    const envelope = await execute(device, [wait()]);
    expect(envelope.stepResults).toEqual([
      { id: "w", actionType: "wait_for_node", success: true, data: { resource_id: "app:id/done", label: "Done" } },
    ]);
    expect(device.clock.sleeps).toEqual([]);
  });

  it("polls with the UiReadiness backoff (500, 1000, 2000, 3000 ms ±15%) and then fails with NODE_NOT_FOUND", async () => {
    const device = createDevice(empty, { random: () => 0 });
    const envelope = await execute(device, [wait()]);
    expect(device.clock.sleeps).toEqual([425, 850, 1_700, 2_550]);
    expect(device.ui.snapshots).toBe(5);
    expect(envelope).toEqual({
      commandId: "cmd-1",
      taskId: "task-1",
      status: "failed",
      stepResults: [],
      error: `Task execution failed: No UI node found matching criteria: ${DONE}`,
    });
    const retries = device.log.records.filter((r) => r.message.includes("stage-retry")).map((r) => r.message);
    expect(retries[0]).toBe(
      `[Clawperator-Command] stage-retry commandId=cmd-1 taskId=task-1 id=waitForNode(${DONE}) attempt=1/5 delayMs=425`,
    );
  });

  it("uses the top of the jitter range when the generator says so", async () => {
    const device = createDevice(empty, { random: () => 0.999_999 });
    await execute(device, [wait()]);
    expect(device.clock.sleeps).toEqual([575, 1_150, 2_300, 3_450]);
  });

  it("jitters deterministically by default: the same waits on every run, each within ±15%", async () => {
    const first = createDevice(empty);
    const second = createDevice(empty);
    await execute(first, [wait()]);
    await execute(second, [wait()]);
    expect(first.clock.sleeps).toEqual(second.clock.sleeps);
    [500, 1_000, 2_000, 3_000].forEach((base, i) => {
      expect(first.clock.sleeps[i]).toBeGreaterThanOrEqual(base * 0.85);
      expect(first.clock.sleeps[i]).toBeLessThanOrEqual(base * 1.15);
    });
  });

  it("succeeds as soon as the node appears", async () => {
    const device = createDevice(empty, { random: () => 0 });
    device.ui.next.push(empty, empty, loaded);
    const envelope = await execute(device, [wait()]);
    expect(envelope.status).toBe("success");
    expect(device.clock.sleeps).toEqual([425, 850]);
  });

  it("follows a retry object instead of the preset, capping the backoff at maxDelayMs", async () => {
    const device = createDevice(empty);
    await execute(device, [
      wait({ retry: { maxAttempts: 4, initialDelayMs: 100, maxDelayMs: 250, backoffMultiplier: 3 } }),
    ]);
    expect(device.clock.sleeps).toEqual([100, 250, 250]);
    expect(device.ui.snapshots).toBe(4);
  });

  it("matches with AND semantics: every given field must hold", async () => {
    const device = createDevice(loaded);
    const envelope = await execute(device, [
      wait({ matcher: { resourceId: "app:id/done", contentDescEquals: "Not done" }, retry: { maxAttempts: 1 } }),
    ]);
    expect(envelope).toMatchObject({
      status: "failed",
      error: expect.stringContaining("No UI node found matching criteria"),
    });
  });
});
