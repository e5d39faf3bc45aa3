import type { ErrorCode } from "./error-codes.ts";

// The codes routes declare for the work they share (their OpenAPI responses), written once for every plugin's routes.

/** What finding the device through adb may answer. */
export const DEVICE_ERRORS: readonly ErrorCode[] = [
  "NO_DEVICES",
  "DEVICE_NOT_FOUND",
  "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED",
  "DEVICE_OFFLINE",
  "DEVICE_UNAUTHORIZED",
  "ADB_NOT_FOUND",
  "ADB_SERVER_FAILED",
];

/** What dispatching an execution to the Operator and awaiting its result may answer, the device found. */
export const DISPATCH_ERRORS: readonly ErrorCode[] = [
  "INVALID_DEVICE_ID",
  "INVALID_OPERATOR_PACKAGE",
  "RECEIVER_NOT_INSTALLED",
  "EXECUTION_CONFLICT_IN_FLIGHT",
  "BROADCAST_FAILED",
  "LOGCAT_UNAVAILABLE",
  "RESULT_ENVELOPE_TIMEOUT",
  "RESULT_ENVELOPE_MALFORMED",
];

/** What running an execution through the ExecutionRunner may answer (docs/http-api.md#post-execute-status-codes). */
export const RUN_ERRORS: readonly ErrorCode[] = [...DEVICE_ERRORS, ...DISPATCH_ERRORS, "PLUGIN_INVALID"];
