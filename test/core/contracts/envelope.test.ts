import { describe, expect, it } from "vitest";
import { ResultEnvelopeSchema, StepResultSchema } from "../../../core/contracts/index.ts";

/** The `envelope` of each example success response in the reference product's action notes, verbatim. */
const EXAMPLE_ENVELOPES: Readonly<Record<string, string>> = {
  click:
    `{ "commandId": "cmd-click-1", "taskId": "task-click-1", "status": "success", "stepResults": [ { "id": ` +
    `"click1", "actionType": "click", "success": true, "data": { "click_types": "click" } } ], "error": null }`,
  enter_text:
    `{ "commandId": "cmd-type-1", "taskId": "task-type-1", "status": "success", "stepResults": [ { "id": ` +
    `"type1", "actionType": "enter_text", "success": true, "data": { "text": "hello world", "submit": "true" } } ` +
    `], "error": null }`,
  read_text:
    `{ "commandId": "cmd-read-1", "taskId": "task-read-1", "status": "success", "stepResults": [ { "id": ` +
    `"read1", "actionType": "read_text", "success": true, "data": { "text": "22.5 C", "validator": "none" } } ], ` +
    `"error": null }`,
  snapshot_ui:
    `{ "commandId": "cmd-snap-1", "taskId": "task-snap-1", "status": "success", "stepResults": [ { "id": ` +
    `"snap1", "actionType": "snapshot_ui", "success": true, "data": { "actual_format": "hierarchy_xml", "text": ` +
    `"..." } } ], "error": null }`,
  press_key:
    `{ "commandId": "cmd-press-home", "taskId": "task-press-home", "status": "success", "stepResults": [ { ` +
    `"id": "open1", "actionType": "open_app", "success": true, "data": { "application_id": ` +
    `"com.android.settings" } }, { "id": "home1", "actionType": "press_key", "success": true, "data": { "key": ` +
    `"home" } }, { "id": "snap1", "actionType": "snapshot_ui", "success": true, "data": { "actual_format": ` +
    `"hierarchy_xml", "text": "" } } ], "error": null }`,
  "API Overview":
    `{ "commandId": "my-cmd-001", "taskId": "my-task-001", "status": "success", "stepResults": [ { "id": ` +
    `"step1", "actionType": "click", "success": true, "data": {} } ], "error": null }`,
};

/**
 * Example step results of the reference product ("scroll", "scroll_until" notes, the close_app step error), verbatim.
 */
const EXAMPLE_STEPS: Readonly<Record<string, string>> = {
  "scroll moved":
    `{ "id": "scr1", "actionType": "scroll", "success": true, "data": { "scroll_outcome": "moved", "direction": ` +
    `"down", "distance_ratio": "0.7" } }`,
  "scroll edge_reached":
    `{ "id": "scr1", "actionType": "scroll", "success": true, "data": { "scroll_outcome": "edge_reached", ` +
    `"direction": "down", "distance_ratio": "0.7" } }`,
  "scroll_until EDGE_REACHED":
    `{ "id": "su1", "actionType": "scroll_until", "success": true, "data": { "termination_reason": ` +
    `"EDGE_REACHED", "scrolls_executed": "12", "direction": "down" } }`,
  "scroll_until MAX_SCROLLS_REACHED":
    `{ "id": "su1", "actionType": "scroll_until", "success": true, "data": { "termination_reason": ` +
    `"MAX_SCROLLS_REACHED", "scrolls_executed": "20", "direction": "down" } }`,
  "close_app UNSUPPORTED_RUNTIME_CLOSE":
    `{ "id": "step-1", "actionType": "close_app", "success": false, "data": { "application_id": ` +
    `"com.example.app", "error": "UNSUPPORTED_RUNTIME_CLOSE", "message": "Android runtime cannot reliably close ` +
    `apps. Use the Clawperator Node API or 'adb shell am force-stop' directly for this action." } }`,
};

/**
 * docs/protocol.md#the-apks-log-lines and the press_key note: an unavailable service answers with a failed envelope, no
 * stepResults.
 */
const SERVICE_UNAVAILABLE = {
  commandId: "cmd-press-home",
  taskId: "task-press-home",
  status: "failed",
  stepResults: [],
  error: "Accessibility service is not running",
  errorCode: "SERVICE_UNAVAILABLE",
};

describe("ResultEnvelopeSchema (docs/execution.md#envelope)", () => {
  it.each(Object.entries(EXAMPLE_ENVELOPES))("accepts the spec's %s example unchanged", (_name, json) => {
    const envelope: unknown = JSON.parse(json);
    expect(ResultEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });

  it("accepts a failed envelope with errorCode SERVICE_UNAVAILABLE and no step results", () => {
    expect(ResultEnvelopeSchema.parse(SERVICE_UNAVAILABLE)).toEqual(SERVICE_UNAVAILABLE);
  });

  it("keeps status failed with a top-level error string", () => {
    const envelope = { ...JSON.parse(EXAMPLE_ENVELOPES.click!), status: "failed", error: "NODE_NOT_FOUND" };
    expect(ResultEnvelopeSchema.parse(envelope)).toMatchObject({ status: "failed", error: "NODE_NOT_FOUND" });
  });

  it.each(["ok", "error", "SUCCESS", "partial", "", null, true])("rejects status %j", (status) => {
    const result = ResultEnvelopeSchema.safeParse({ ...JSON.parse(EXAMPLE_ENVELOPES.click!), status });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["status"]);
  });

  it.each(["commandId", "taskId", "status"])("rejects an envelope without %s", (field) => {
    const envelope = JSON.parse(EXAMPLE_ENVELOPES.click!) as Record<string, unknown>;
    delete envelope[field];
    expect(ResultEnvelopeSchema.safeParse(envelope).success).toBe(false);
  });

  it("rejects stepResults that are not an array", () => {
    const envelope = { ...JSON.parse(EXAMPLE_ENVELOPES.click!), stepResults: { id: "click1" } };
    expect(ResultEnvelopeSchema.safeParse(envelope).success).toBe(false);
  });

  it("rejects a step inside the envelope whose success is not a boolean", () => {
    const envelope = JSON.parse(EXAMPLE_ENVELOPES.click!) as { stepResults: Record<string, unknown>[] };
    envelope.stepResults[0]!.success = "true";
    const result = ResultEnvelopeSchema.safeParse(envelope);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["stepResults", 0, "success"]);
  });
});

describe("StepResultSchema (docs/execution.md#step-results)", () => {
  it.each(Object.entries(EXAMPLE_STEPS))("accepts the spec's %s example unchanged", (_name, json) => {
    const step: unknown = JSON.parse(json);
    expect(StepResultSchema.parse(step)).toEqual(step);
  });

  it.each(
    Object.values(EXAMPLE_ENVELOPES).flatMap((json) => (JSON.parse(json) as { stepResults: unknown[] }).stepResults),
  )("accepts every step of the example envelopes (%j)", (step) => {
    expect(StepResultSchema.parse(step)).toEqual(step);
  });

  it("accepts a step-level error string", () => {
    const step = {
      id: "k",
      actionType: "press_key",
      success: false,
      data: { error: "GLOBAL_ACTION_FAILED" },
      error: "declined",
    };
    expect(StepResultSchema.parse(step)).toEqual(step);
  });

  it.each([
    ["success as a string", { success: "true" }, "success"],
    [
      "a numeric data value (data is {string: string}, docs/protocol.md#results)",
      { data: { scrolls_executed: 12 } },
      "data",
    ],
    ["a missing id", { id: undefined }, "id"],
    ["a missing actionType", { actionType: undefined }, "actionType"],
  ])("rejects %s", (_name, change, field) => {
    const result = StepResultSchema.safeParse({ ...JSON.parse(EXAMPLE_STEPS["scroll moved"]!), ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});
