import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import type { RouteContribution } from "../../core/kernel/index.ts";

const schemas = (name: "sessionSchemas" | "pullSchemas") => async () =>
  (await import("./routes/route-schemas.js"))[name];

/** Finding the device through adb. */
const DEVICE: ErrorCode[] = [
  "NO_DEVICES",
  "DEVICE_NOT_FOUND",
  "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED",
  "DEVICE_OFFLINE",
  "DEVICE_UNAUTHORIZED",
  "ADB_NOT_FOUND",
  "ADB_SERVER_FAILED",
];

/** A start_recording / stop_recording execution through the ExecutionRunner (as POST /execute). */
const SESSION: ErrorCode[] = [
  ...DEVICE,
  "USAGE",
  "EXECUTION_VALIDATION_FAILED",
  "INVALID_DEVICE_ID",
  "INVALID_OPERATOR_PACKAGE",
  "RECEIVER_NOT_INSTALLED",
  "EXECUTION_CONFLICT_IN_FLIGHT",
  "BROADCAST_FAILED",
  "LOGCAT_UNAVAILABLE",
  "RESULT_ENVELOPE_TIMEOUT",
  "RESULT_ENVELOPE_MALFORMED",
];

/** issue 26: recording over HTTP; handlers and zod schemas load on first use. */
export const RECORDING_ROUTES: RouteContribution[] = [
  {
    method: "POST",
    path: "/recording/start",
    description: "Start recording what a person does: { deviceId?, receiverPackage?, sessionId? }",
    errors: SESSION,
    schemas: schemas("sessionSchemas"),
    load: () => import("./routes/session.js").then((m) => ({ default: m.sessionRoute("start") })),
  },
  {
    method: "POST",
    path: "/recording/stop",
    description: "Stop the recording; its sessionId, filePath and eventCount in stepResults[0].data",
    errors: SESSION,
    schemas: schemas("sessionSchemas"),
    load: () => import("./routes/session.js").then((m) => ({ default: m.sessionRoute("stop") })),
  },
  {
    method: "POST",
    path: "/recording/pull",
    description:
      "The recording's NDJSON itself (default: the device's latest): { deviceId?, receiverPackage?, sessionId? }",
    errors: [...DEVICE, "USAGE", "INVALID_DEVICE_ID", "RECORDING_SESSION_NOT_FOUND", "RECORDING_PULL_FAILED"],
    schemas: schemas("pullSchemas"),
    load: () => import("./routes/pull.js"),
  },
];
