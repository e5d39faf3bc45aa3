import { describe, expect, it } from "vitest";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute } from "./harness.ts";

const settings = screen(
  node(
    { "resource-id": "app:id/root", bounds: "[0,0][1080,2400]" },
    node(
      {
        "resource-id": "app:id/row",
        class: "android.widget.LinearLayout",
        clickable: "true",
        "long-clickable": "true",
        bounds: "[0,100][1080,200]",
      },
      node({ text: "Connections", class: "android.widget.TextView", bounds: "[40,120][500,180]" }),
    ),
    node({ text: "Orphan", class: "android.widget.TextView", bounds: "[0,300][200,400]" }),
    node({
      text: "Pay",
      class: "android.widget.Button",
      clickable: "true",
      enabled: "false",
      bounds: "[0,500][200,600]",
    }),
    node({ text: "Hidden", class: "android.widget.TextView", bounds: "[0,0][0,0]" }),
    node(
      { "resource-id": "app:id/card", focusable: "true", bounds: "[0,700][500,900]" },
      node({ text: "Focus me", bounds: "[0,700][500,800]" }),
    ),
  ),
);

const click = (matcher: Record<string, string>, params: Record<string, unknown> = {}) => ({
  id: "c",
  type: "click",
  params: { matcher, ...params },
});
const once = { retry: { maxAttempts: 1 } };

describe("click", () => {
  it("clicks the first clickable ancestor of the matched label", async () => {
    const device = createDevice(settings);
    const envelope = await execute(device, [click({ textEquals: "Connections" })]);
    expect(envelope.stepResults).toEqual([
      { id: "c", actionType: "click", success: true, data: { click_types: "click" } },
    ]);
    expect(device.ui.calls).toEqual(["click:app:id/row"]);
  });

  it("falls back to a tap at the centre of the matched node when no clickable ancestor takes the click", async () => {
    const device = createDevice(settings);
    expect((await execute(device, [click({ textEquals: "Orphan" })])).status).toBe("success");
    expect(device.ui.calls).toEqual(["tap:100,350"]);
  });

  it("taps when the clickable node refuses the accessibility click (disabled)", async () => {
    const device = createDevice(settings);
    await execute(device, [click({ textEquals: "Pay" })]);
    expect(device.ui.calls).toEqual(["click:Pay", "tap:100,550"]);
  });

  it("fails with NODE_NOT_CLICKABLE when neither the click nor the tap is taken", async () => {
    const device = createDevice(settings);
    device.ui.tapAccepted = false;
    const envelope = await execute(device, [click({ textEquals: "Pay" }, once), { type: "doctor_ping" }]);
    expect(envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error: "Task execution failed: Click on matching UI node failed",
    });
    // The command stopped at the click: doctor_ping never started.
    expect(device.log.records.filter((r) => r.message.includes("step_start")).map((r) => r.message)).toEqual([
      "[UiActionEngine] step_start id=c type=Click",
    ]);
  });

  it("does not tap a node of zero size", async () => {
    const device = createDevice(settings);
    expect((await execute(device, [click({ textEquals: "Hidden" }, once)])).error).toBe(
      "Task execution failed: Click on matching UI node failed",
    );
    expect(device.ui.calls).toEqual([]);
  });

  it("long_click goes to the clickable ancestor, with no tap fallback", async () => {
    const device = createDevice(settings);
    const envelope = await execute(device, [click({ textEquals: "Connections" }, { clickType: "long_click" })]);
    expect(envelope.stepResults[0]!.data).toEqual({ click_types: "long_click" });
    expect(device.ui.calls).toEqual(["long_click:app:id/row"]);

    const orphan = createDevice(settings);
    expect((await execute(orphan, [click({ textEquals: "Orphan" }, { clickType: "long_click", ...once })])).error).toBe(
      "Task execution failed: Click on matching UI node failed",
    );
    expect(orphan.ui.calls).toEqual([]);
  });

  it("focus goes to the first focusable ancestor", async () => {
    const device = createDevice(settings);
    const envelope = await execute(device, [click({ textEquals: "Focus me" }, { clickType: "focus" })]);
    expect(envelope.stepResults[0]!.data).toEqual({ click_types: "focus" });
    expect(device.ui.calls).toEqual(["focus:app:id/card"]);
  });

  it("retries with UiReadiness while the node is missing, then fails with NODE_NOT_FOUND", async () => {
    const device = createDevice(settings);
    const envelope = await execute(device, [click({ textEquals: "Bluetooth" })]);
    expect(device.ui.snapshots).toBe(5);
    expect(device.clock.sleeps).toHaveLength(4);
    expect(envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error:
        "Task execution failed: No UI node found matching criteria: NodeMatcher(resourceId=null, role=null, " +
        "textEquals=Bluetooth, textContains=null, contentDescEquals=null, contentDescContains=null)",
    });
  });

  it("acts on the first match in document order, by role", async () => {
    const device = createDevice(settings);
    await execute(device, [click({ role: "text" })]);
    expect(device.ui.calls).toEqual(["click:app:id/row"]);
  });
});
