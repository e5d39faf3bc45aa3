import { describe, expect, it } from "vitest";
import { deviceFailureCode, deviceLogFailure } from "../../../android/operator/failure-code.ts";
import { ResultCollector } from "../../../android/operator/result-collector.ts";
import { ApkLog, matcher } from "../../helpers/apk-log.ts";

const C = "cmd-1";
const T = "task-1";
const NONCE = "n0nce";
const M = matcher("Wi-Fi");
const C2 =
  "NodeMatcher(resourceId=null, role=scroll, textEquals=null, textContains=null, contentDescEquals=null, contentDescContains=null)";

/**
 * The APK's failing stages (docs/protocol.md#the-apks-log-lines; the messages its TaskScope / TaskUiScope throw
 * and the `failure_point` / `reason_code` its StageFailure context names), each as the real APK logs it, and
 * the code the host derives. Rows: action type, the step's Kotlin type, stage id, stage-failure reason,
 * StageFailure context (undefined: the stage logs none), the code.
 */
const TABLE: ReadonlyArray<readonly [string, string, string, string, string | undefined, string]> = [
  [
    "click",
    "Click",
    `click(${M})`,
    `No UI node found matching criteria: ${M}`,
    `matcher=${M}, coordinate=null, failure_point=not_found, attempt=5`,
    "NODE_NOT_FOUND",
  ],
  [
    "click",
    "Click",
    `click(${M})`,
    "Click on matching UI node failed",
    `matcher=${M}, coordinate=null, failure_point=not_clickable, attempt=5`,
    "NODE_NOT_CLICKABLE",
  ],
  [
    "click",
    "Click",
    "click(null)",
    "Click at coordinate (10, 20) failed",
    "matcher=null, coordinate=(10, 20), failure_point=not_clickable, attempt=1",
    "GESTURE_FAILED",
  ],
  [
    "read_text",
    "ReadText",
    `getValidatedText(${M})`,
    `No UI node found matching criteria: ${M}`,
    `matcher=${M}, validator=custom, failure_point=node_not_found, attempt=5`,
    "NODE_NOT_FOUND",
  ],
  [
    "read_text",
    "ReadText",
    `getValidatedText(${M})`,
    "Matching UI node has no text content",
    `matcher=${M}, validator=custom, failure_point=text_missing, attempt=5`,
    "NODE_TEXT_EMPTY",
  ],
  ["read_text", "ReadText", `getText(${M})`, "Matching UI node has no text content", undefined, "NODE_TEXT_EMPTY"],
  [
    "read_text",
    "ReadText",
    `getValidatedText(${M})`,
    "Validation failed for text '21' from matching UI node",
    `matcher=${M}, validator=custom, failure_point=validation_failed, attempt=5`,
    "VALIDATOR_MISMATCH",
  ],
  [
    "enter_text",
    "EnterText",
    `enterText(${M})`,
    "Failed to set text on matching UI node",
    `matcher=${M}, failure_point=set_text_failed, attempt=5`,
    "NODE_NOT_CLICKABLE",
  ],
  [
    "scroll_and_click",
    "ScrollAndClick",
    `scrollAndClick(${M})`,
    `Target node not found after scrolling: ${M}`,
    `target_matcher=${M}, container_matcher=auto, failure_point=target_not_found, container_resolution=auto, attempt=4`,
    "NODE_NOT_FOUND",
  ],
  [
    "scroll_and_click",
    "ScrollAndClick",
    `scrollAndClick(${M})`,
    `Container not found for ${C2}`,
    `target_matcher=${M}, container_matcher=${C2}, failure_point=container_not_found, attempt=4`,
    "CONTAINER_NOT_FOUND",
  ],
  // The APK's failure_point says container_not_found here ("Scrollable container not found" holds that text); its message is exact.
  [
    "scroll_and_click",
    "ScrollAndClick",
    `scrollAndClick(${M})`,
    `Scrollable container not found for ${C2}`,
    `target_matcher=${M}, container_matcher=${C2}, failure_point=container_not_found, attempt=4`,
    "CONTAINER_NOT_SCROLLABLE",
  ],
  [
    "scroll_until",
    "ScrollUntil",
    "scrollUntil(DOWN)",
    "No scrollable container visible",
    "direction=DOWN, failure_point=container_not_found, attempt=1",
    "CONTAINER_NOT_FOUND",
  ],
  [
    "scroll_until",
    "ScrollUntil",
    "scrollUntil(DOWN)",
    `Scrollable container not found for ${C2}`,
    "direction=DOWN, failure_point=container_not_scrollable, attempt=1",
    "CONTAINER_NOT_SCROLLABLE",
  ],
  [
    "wait_for_node",
    "WaitForNode",
    `waitForNode(${M})`,
    `Timeout waiting for node matching: ${M} (timeoutMs=500)`,
    undefined,
    "NODE_NOT_FOUND",
  ],
  [
    "open_app",
    "OpenApp",
    "openApp:com.nope",
    "app_not_found: No app found with applicationId=com.nope",
    "application_id=com.nope, reason_code=app_not_found, attempt=4",
    "APP_NOT_FOUND",
  ],
  [
    "open_uri",
    "OpenUri",
    "openUri:x://y",
    "URI_NOT_HANDLED: No application found to handle uri=x://y",
    undefined,
    "URI_NOT_HANDLED",
  ],
  [
    "press_key",
    "PressKey",
    "pressKey",
    "OperatorAccessibilityService is not running - cannot execute press_key",
    undefined,
    "SERVICE_UNAVAILABLE",
  ],
  // Catch-alls name no cause: the fallback, never a guess.
  [
    "click",
    "Click",
    `click(${M})`,
    "UI tree not available",
    `matcher=${M}, coordinate=null, failure_point=stale_node, attempt=5`,
    "DEVICE_FAILURE_UNCLASSIFIED",
  ],
  [
    "click",
    "Click",
    `click(${M})`,
    "Something new went wrong",
    `matcher=${M}, coordinate=null, failure_point=timeout, attempt=5`,
    "DEVICE_FAILURE_UNCLASSIFIED",
  ],
  [
    "snapshot_ui",
    "SnapshotUi",
    "logUiTree",
    "SNAPSHOT_HIERARCHY_UNAVAILABLE: UI hierarchy dump not available; accessibility service may not be ready",
    undefined,
    "DEVICE_FAILURE_UNCLASSIFIED",
  ],
  // A matcher holding another failure's words cannot pose as it: messages are anchored, the last failure_point counts.
  [
    "click",
    "Click",
    `click(${matcher("Validation failed for text")})`,
    `No UI node found matching criteria: ${matcher("x, failure_point=validation_failed,")}`,
    `matcher=${matcher("x, failure_point=validation_failed,")}, coordinate=null, failure_point=not_found, attempt=5`,
    "NODE_NOT_FOUND",
  ],
];

/** Feeds a command's log, as the host reads it, to the result collector, and derives the failure. */
function failureOf(log: ApkLog, plan: { id: string; type: string }[], error: string) {
  log.result({ commandId: C, taskId: T, status: "failed", stepResults: [], error });
  const collector = new ResultCollector({
    commandId: C,
    taskId: T,
    dispatchMarker: `[Clawperator-Dispatch] ${NONCE}`,
    plan,
  });
  for (const line of log.lines) if (collector.feed(line)) break;
  expect(collector.state).toMatchObject({ kind: "envelope" });
  return deviceLogFailure(collector.stepReport(error), error);
}

describe("the code of a step-less failure envelope, from the APK's log lines", () => {
  it.each(TABLE)("%s (%s): %s → %s", (type, kind, stage, reason, context, code) => {
    const log = new ApkLog()
      .dispatch(NONCE, C)
      .start(C, T, 2)
      .failingStep(C, T, { id: "s1", kind, stage, reason, ...(context === undefined ? {} : { context }) });
    const error = `Task execution failed: ${reason.replace(/^[a-z_]+: /, "")}`;
    expect(
      failureOf(
        log,
        [
          { id: "s1", type },
          { id: "s2", type: "sleep" },
        ],
        error,
      ),
    ).toEqual({
      code,
      message: error,
      source: "device_log",
      stepId: "s1",
      actionType: type,
    });
  });

  it("the APK's own timeout between steps: COMMAND_TIMEOUT, no step", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1);
    expect(failureOf(log, [{ id: "s", type: "sleep" }], "Agent command timed out after 1000ms")).toEqual({
      code: "COMMAND_TIMEOUT",
      message: "Agent command timed out after 1000ms",
      source: "envelope",
    });
  });

  it("an envelope whose log shows no stage lines is read from its message alone", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1);
    const error = `Task execution failed: No UI node found matching criteria: ${M}`;
    expect(failureOf(log, [{ id: "k", type: "click" }], error)).toMatchObject({ code: "NODE_NOT_FOUND" });
    expect(failureOf(new ApkLog().dispatch(NONCE, C).start(C, T, 1), [], "Task execution failed: ???")).toMatchObject({
      code: "DEVICE_FAILURE_UNCLASSIFIED",
    });
  });
});

describe("deviceFailureCode: a failure_point from the log", () => {
  it("a failure_point named like Object.prototype's members is no code", () => {
    for (const failurePoint of ["constructor", "__proto__", "to_string", "valueOf"])
      expect(deviceFailureCode({ failurePoint, envelopeError: null })).toBeUndefined();
  });
});
