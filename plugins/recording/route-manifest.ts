import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import { DEVICE_ERRORS, DISPATCH_ERRORS } from "../../core/contracts/route-errors.ts";
import type { RouteContribution } from "../../core/kernel/index.ts";

const schemas = (name: "sessionSchemas" | "pullSchemas" | "parseSchemas" | "skillsNewSchemas") => async () =>
  (await import("./routes/route-schemas.js"))[name];

/** A start_recording / stop_recording execution through the ExecutionRunner (as POST /execute). */
const SESSION: ErrorCode[] = [...DEVICE_ERRORS, "USAGE", "EXECUTION_VALIDATION_FAILED", ...DISPATCH_ERRORS];

/** Reading a recording from the device (POST /recording/pull and the routes that read one). */
const FETCH: ErrorCode[] = [
  ...DEVICE_ERRORS,
  "USAGE",
  "INVALID_DEVICE_ID",
  "INVALID_OPERATOR_PACKAGE",
  "RECORDING_SESSION_NOT_FOUND",
  "RECORDING_PULL_FAILED",
];

/** Reading it as a recording (`record parse`'s validation). */
const PARSE: ErrorCode[] = [...FETCH, "RECORDING_PARSE_FAILED", "RECORDING_SCHEMA_VERSION_UNSUPPORTED"];

/** Recording over HTTP; handlers and zod schemas load on first use. */
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
    errors: FETCH,
    schemas: schemas("pullSchemas"),
    load: () => import("./routes/pull.js"),
  },
  {
    method: "POST",
    path: "/recording/parse",
    description:
      "`record parse` of a recording on the device (default: its latest): the step log in `stepLog`, nothing written",
    errors: PARSE,
    schemas: schemas("parseSchemas"),
    load: () => import("./routes/parse.js"),
  },
  {
    method: "POST",
    path: "/skills/new",
    description:
      "`skills new <skillId> --from-recording` of a recording on the device: { skillId, deviceId?, sessionId? }; " +
      "written to skills/<skillId>/ under the server's working directory",
    errors: PARSE,
    schemas: schemas("skillsNewSchemas"),
    load: () => import("./routes/skills-new.js"),
  },
];
