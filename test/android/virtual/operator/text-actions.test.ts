import { describe, expect, it } from "vitest";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute } from "./harness.ts";

const form = screen(
  node(
    { "resource-id": "app:id/root" },
    node({ "resource-id": "app:id/query", class: "android.widget.EditText", hint: "Search" }),
    node(
      { class: "android.view.View", hint: "Search apps", "resource-id": "composeSearch" },
      node({ text: "Search apps", class: "android.view.View" }),
    ),
    node({ "resource-id": "app:id/temp", text: "22.5 C", class: "android.widget.TextView" }),
    node({ "resource-id": "app:id/icon", "content-desc": "Battery 80%", class: "android.widget.ImageView" }),
    node({ "resource-id": "app:id/placeholder", text: "--°C", class: "android.widget.TextView" }),
    node({ "resource-id": "app:id/blank", text: " ", class: "android.widget.TextView" }),
  ),
);
const once = { retry: { maxAttempts: 1 } };

describe("enter_text", () => {
  it("sets the text of the matched field and submits it when asked", async () => {
    const device = createDevice(form);
    const envelope = await execute(device, [
      { id: "t", type: "enter_text", params: { matcher: { role: "textfield" }, text: "hello world", submit: true } },
    ]);
    expect(envelope.stepResults).toEqual([
      { id: "t", actionType: "enter_text", success: true, data: { text: "hello world", submit: "true" } },
    ]);
    expect(device.ui.calls).toEqual(["setText:app:id/query:hello world", "submit:app:id/query"]);
  });

  it("types into the text field around a matched label", async () => {
    const device = createDevice(form);
    const envelope = await execute(device, [
      { id: "t", type: "enter_text", params: { matcher: { textEquals: "Search apps" }, text: "maps" } },
    ]);
    expect(envelope.stepResults[0]!.data).toEqual({ text: "maps", submit: "false" });
    expect(device.ui.calls).toEqual(["setText:composeSearch:maps"]);
  });

  it("fails with NODE_NOT_CLICKABLE when the node takes no text, and NODE_NOT_FOUND when it is missing", async () => {
    const device = createDevice(form);
    const envelope = await execute(device, [
      { id: "t", type: "enter_text", params: { matcher: { resourceId: "app:id/temp" }, text: "x", ...once } },
    ]);
    expect(envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error: "Task execution failed: Setting text on the matching UI node failed",
    });
    const missing = createDevice(form);
    expect(
      (
        await execute(missing, [
          { type: "enter_text", params: { matcher: { resourceId: "app:id/nope" }, text: "x", ...once } },
        ])
      ).error,
    ).toMatch(/^Task execution failed: No UI node found matching criteria: NodeMatcher\(resourceId=app:id\/nope, /);
  });
});

describe("read_text", () => {
  const read = (resourceId: string, params: Record<string, unknown> = {}) => ({
    id: "r",
    type: "read_text",
    params: { matcher: { resourceId }, ...params },
  });

  it("reads the node's text, or its content description when it shows none", async () => {
    const device = createDevice(form);
    const envelope = await execute(device, [read("app:id/temp"), read("app:id/icon")]);
    expect(envelope.stepResults.map((s) => s.data)).toEqual([
      { text: "22.5 C", validator: "none" },
      { text: "Battery 80%", validator: "none" },
    ]);
  });

  it("accepts a temperature reading with the temperature validator", async () => {
    const device = createDevice(form);
    const envelope = await execute(device, [read("app:id/temp", { validator: "temperature" })]);
    expect(envelope.stepResults).toEqual([
      { id: "r", actionType: "read_text", success: true, data: { text: "22.5 C", validator: "temperature" } },
    ]);
  });

  it("answers VALIDATOR_MISMATCH with the raw text as a non-fatal step when the reading is not a temperature", async () => {
    const device = createDevice(form);
    const envelope = await execute(device, [
      read("app:id/placeholder", { validator: "temperature", ...once }),
      { type: "doctor_ping" },
    ]);
    expect(envelope).toMatchObject({
      status: "success",
      stepResults: [
        {
          success: false,
          data: {
            raw_text: "--°C",
            validator: "temperature",
            error: "VALIDATOR_MISMATCH",
            message: "Validation failed for text '--°C' from matching UI node",
          },
        },
        { actionType: "doctor_ping", success: true },
      ],
    });
  });

  it("keeps polling while a placeholder shows and succeeds once the value arrives", async () => {
    const placeholder = screen(node({ "resource-id": "app:id/t", text: "--" }));
    const value = screen(node({ "resource-id": "app:id/t", text: "19°C" }));
    const device = createDevice(placeholder);
    device.ui.next.push(placeholder, placeholder, value);
    const envelope = await execute(device, [read("app:id/t", { validator: "temperature" })]);
    expect(envelope.stepResults[0]!.data).toEqual({ text: "19°C", validator: "temperature" });
    expect(device.clock.sleeps).toHaveLength(2);
  });

  it("fails the command on a blank node and on a missing one", async () => {
    const blank = createDevice(form);
    expect(await execute(blank, [read("app:id/blank", once)])).toMatchObject({
      status: "failed",
      stepResults: [],
      error: "Task execution failed: Matching UI node has no text content",
    });
    const missing = createDevice(form);
    expect((await execute(missing, [read("app:id/none", once)])).error).toMatch(
      /^Task execution failed: No UI node found matching criteria: /,
    );
  });
});
