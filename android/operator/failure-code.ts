import { type ErrorCode, isErrorCode } from "../../core/contracts/error-codes.ts";
import type { DeviceLogStepReport } from "../../core/execution/dispatcher.ts";
import { type ExecutionFailure, UNCLASSIFIED } from "../../core/execution/execution-failure.ts";
import { ownValue } from "../../core/contracts/own-key.ts";

/**
 * The APK's failure messages (the exceptions its TaskScope / TaskUiScope throw; docs/protocol.md#a-failing-step),
 * anchored at the start: the agent's matcher comes after the fixed words, so it cannot pose as another failure. Checked
 * before failure_point, which the APK derives from the same text more coarsely (a failed coordinate click is
 * `not_clickable`, a container that cannot scroll in scroll_and_click `container_not_found`).
 */
const MESSAGES: ReadonlyArray<readonly [RegExp, ErrorCode]> = [
  [/^Agent command timed out after \d+ ?ms$/, "COMMAND_TIMEOUT"],
  [/^Accessibility service is not available$/, "SERVICE_UNAVAILABLE"],
  [/^OperatorAccessibilityService is not running\b/, "SERVICE_UNAVAILABLE"],
  [/^No UI node found matching criteria: /, "NODE_NOT_FOUND"],
  [/^Target node not found after scrolling: /, "NODE_NOT_FOUND"],
  [/^Timeout waiting for node matching: /, "NODE_NOT_FOUND"],
  [/^Click at coordinate .* failed$/, "GESTURE_FAILED"],
  [/^Click on (matching UI node|node '.*') failed$/, "NODE_NOT_CLICKABLE"],
  [/^Failed to set text on matching UI node$/, "NODE_NOT_CLICKABLE"],
  [/^(Container not found for|No scrollable container visible)/, "CONTAINER_NOT_FOUND"],
  [/^Scrollable container not found for /, "CONTAINER_NOT_SCROLLABLE"],
  [/^Matching UI node has no text content$/, "NODE_TEXT_EMPTY"],
  [/^Validation failed for text /, "VALIDATOR_MISMATCH"],
  [/^No app found with applicationId=/, "APP_NOT_FOUND"],
  // Android's ActivityNotFoundException as the APK's OpenUri reports it (docs/execution.md#action-types: no handler is
  // URI_NOT_HANDLED).
  [/^No activity found to handle uri=/, "URI_NOT_HANDLED"],
];

/**
 * `failure_point=` / `reason_code=` values of the APK's `stage-log … StageFailure context:` lines. Its catch-alls
 * (`unknown`, `unknown_error`, click's `timeout`, scroll_and_click's `max_swipes_exceeded`, `stale_node`,
 * `ui_tree_unavailable`, `toggle_state_undetermined`) name no cause and are left unclassified.
 */
const FAILURE_POINTS: Readonly<Record<string, ErrorCode>> = {
  not_found: "NODE_NOT_FOUND",
  node_not_found: "NODE_NOT_FOUND",
  target_not_found: "NODE_NOT_FOUND",
  toggle_container_not_found: "NODE_NOT_FOUND",
  not_clickable: "NODE_NOT_CLICKABLE",
  button_not_clickable: "NODE_NOT_CLICKABLE",
  set_text_failed: "NODE_NOT_CLICKABLE",
  container_not_found: "CONTAINER_NOT_FOUND",
  container_not_scrollable: "CONTAINER_NOT_SCROLLABLE",
  text_missing: "NODE_TEXT_EMPTY",
  validation_failed: "VALIDATOR_MISMATCH",
  app_not_found: "APP_NOT_FOUND",
};

const TASK_FAILED = "Task execution failed: ";

/** The exception's own message: without the envelope's `Task execution failed: ` and a stage's `reason_code: `. */
function bareMessage(text: string, failurePoint: string | undefined): string {
  const message = text.startsWith(TASK_FAILED) ? text.slice(TASK_FAILED.length) : text;
  return failurePoint && message.startsWith(`${failurePoint}: `) ? message.slice(failurePoint.length + 2) : message;
}

/**
 * A message's code: a known message, or a catalogue code the APK put in front (`URI_NOT_HANDLED: …`) or threw
 * alone.
 */
function codeOfMessage(message: string): ErrorCode | undefined {
  for (const [pattern, code] of MESSAGES) if (pattern.test(message)) return code;
  const prefix = /^([A-Z][A-Z0-9_]+)(?:: |$)/.exec(message)?.[1];
  return isErrorCode(prefix) ? prefix : undefined;
}

/** The code of a step-less failure: the failing stage's message, its failure_point, then the envelope's text. */
export function deviceFailureCode(input: {
  reason?: string | undefined;
  failurePoint?: string | undefined;
  envelopeError: string | null;
}): ErrorCode | undefined {
  const { reason, failurePoint, envelopeError } = input;
  return (
    (reason ? codeOfMessage(bareMessage(reason, failurePoint)) : undefined) ??
    (failurePoint ? ownValue(FAILURE_POINTS, failurePoint) : undefined) ??
    (envelopeError ? codeOfMessage(bareMessage(envelopeError, failurePoint)) : undefined)
  );
}

/** The failure of a step-less failure envelope, with the step the device log shows failing. */
export function deviceLogFailure(report: DeviceLogStepReport, envelopeError: string | null): ExecutionFailure {
  const failed = report.failed;
  const code = deviceFailureCode({ reason: failed?.reason, failurePoint: failed?.failurePoint, envelopeError });
  return {
    code: code ?? UNCLASSIFIED,
    message: envelopeError ?? failed?.reason ?? "the device reported a failed execution",
    source: failed ? "device_log" : "envelope",
    ...(failed ? { stepId: failed.id, actionType: failed.actionType } : {}),
  };
}
