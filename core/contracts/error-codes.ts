/**
 * The one error-code catalogue (docs/errors.md), each code with the
 * CLI exit code and HTTP status it maps to. `scope` says where an agent finds it: `error.code` (host),
 * `envelope.errorCode` (envelope) or `stepResults[].data.error` (step). A `reserved` code is one the spec reserves
 * or no path of this runtime emits yet: clients may branch on it, nothing raises it (a test holds both ways).
 */
type Scope = "host" | "envelope" | "step";
interface CodeInfo {
  readonly http: number;
  readonly exit: number;
  readonly scope: Scope;
  readonly reserved?: true;
}

const host = (http: number): CodeInfo => ({ http, exit: 1, scope: "host" });
const step: CodeInfo = { http: 200, exit: 1, scope: "step" };
const reserved = (info: CodeInfo): CodeInfo => ({ ...info, reserved: true });

export const ERROR_CATALOGUE = {
  // Host
  HOST_DEPENDENCY_MISSING: reserved(host(500)),
  // Setup and connectivity
  ADB_NOT_FOUND: host(500),
  NO_DEVICES: host(404),
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: host(400),
  RECEIVER_NOT_INSTALLED: host(424),
  DEVICE_NOT_FOUND: host(404),
  // Execution and state
  EXECUTION_VALIDATION_FAILED: host(400),
  /** An HTTP request body that does not parse as JSON (the reference runtime's serve answers it so). */
  INVALID_JSON: host(400),
  EXECUTION_ACTION_UNSUPPORTED: host(400),
  EXECUTION_CONFLICT_IN_FLIGHT: host(423),
  RESULT_ENVELOPE_TIMEOUT: host(504),
  RESULT_ENVELOPE_MALFORMED: host(502),
  SNAPSHOT_EXTRACTION_FAILED: step,
  SERVICE_UNAVAILABLE: { http: 200, exit: 1, scope: "envelope" },
  // UI and nodes
  NODE_NOT_FOUND: step,
  NODE_NOT_CLICKABLE: step,
  SECURITY_BLOCK_DETECTED: reserved(step),
  CONTAINER_NOT_FOUND: step,
  CONTAINER_NOT_SCROLLABLE: step,
  GESTURE_FAILED: step,
  GLOBAL_ACTION_FAILED: step,
  URI_NOT_HANDLED: step,
  UNSUPPORTED_RUNTIME_CLOSE: step,
  UNSUPPORTED_RUNTIME_SCREENSHOT: step,
  // Reported by the Operator APK beyond the spec's table; the host passes them through unchanged.
  APP_NOT_FOUND: step,
  NODE_TEXT_EMPTY: step,
  VALIDATOR_MISMATCH: step,
  ACTION_FAILED: step,
  COMMAND_TIMEOUT: { http: 200, exit: 1, scope: "envelope" },
  // A failed execution whose cause the host cannot name from the device's step code, errorCode or log lines
  // (result.error.code; the device's own words stay in result.error.message and deviceCode).
  DEVICE_FAILURE_UNCLASSIFIED: { http: 200, exit: 1, scope: "envelope" },
  // Device farms (a transport that leases devices: plugins/stf). Busy: another user holds the device (the farm's
  // 403); expired: the lease ended while the device was in use (the farm's idle timeout, or someone took it back).
  DEVICE_BUSY: host(409),
  DEVICE_LEASE_EXPIRED: host(409),
  FARM_UNREACHABLE: host(502),
  FARM_UNAUTHORIZED: host(401),
  // Doctor and host checks
  NODE_TOO_OLD: host(500),
  ADB_SERVER_FAILED: host(500),
  ADB_NO_USB_PERMISSIONS: host(503),
  DEVICE_UNAUTHORIZED: host(503),
  DEVICE_OFFLINE: host(503),
  DEVICE_SHELL_UNAVAILABLE: host(503),
  RECEIVER_VARIANT_MISMATCH: host(409),
  DEVICE_DEV_OPTIONS_DISABLED: host(503),
  DEVICE_USB_DEBUGGING_DISABLED: host(503),
  DEVICE_ACCESSIBILITY_NOT_RUNNING: host(503),
  ANDROID_BUILD_FAILED: reserved(host(500)),
  ANDROID_INSTALL_FAILED: host(500),
  ANDROID_APP_LAUNCH_FAILED: host(500),
  SMOKE_OPEN_SETTINGS_FAILED: host(500),
  SCRCPY_NOT_FOUND: reserved(host(500)),
  APK_VERSION_UNREADABLE: host(502),
  APK_VERSION_INVALID: host(502),
  CLI_VERSION_INVALID: reserved(host(500)),
  VERSION_INCOMPATIBLE: host(409),
  LOGCAT_UNAVAILABLE: host(502),
  // Emulators
  ANDROID_SDK_TOOL_MISSING: host(500),
  EMULATOR_NOT_FOUND: host(404),
  EMULATOR_ALREADY_RUNNING: host(409),
  EMULATOR_NOT_RUNNING: host(409),
  EMULATOR_UNSUPPORTED: host(422),
  EMULATOR_CREATE_FAILED: reserved(host(500)),
  EMULATOR_START_FAILED: host(500),
  EMULATOR_STOP_FAILED: host(500),
  EMULATOR_DELETE_FAILED: host(500),
  EMULATOR_BOOT_TIMEOUT: host(504),
  ANDROID_SYSTEM_IMAGE_INSTALL_FAILED: host(500),
  ANDROID_AVD_CREATE_FAILED: host(500),
  // Operator setup
  OPERATOR_APK_NOT_FOUND: host(404),
  OPERATOR_INSTALL_FAILED: host(500),
  OPERATOR_GRANT_FAILED: host(500),
  OPERATOR_VERIFY_FAILED: host(500),
  // Operator download (`operator download`, `operator setup` without --apk): the release metadata, the APK and its
  // SHA-256 from downloads.clawperator.com or the configured mirror. Nothing is installed or kept after any of them.
  OPERATOR_DOWNLOAD_FAILED: host(502),
  OPERATOR_DOWNLOAD_INSECURE: host(400),
  OPERATOR_DOWNLOAD_WRITE_FAILED: host(500),
  OPERATOR_METADATA_INVALID: host(502),
  OPERATOR_RELEASE_NOT_FOUND: host(404),
  OPERATOR_CHECKSUM_MISMATCH: host(502),
  // Internal / other
  BROADCAST_FAILED: host(502),
  PAYLOAD_TOO_LARGE: host(413),
  DOCTOR_FAILED: host(500),
  // Skills
  SKILL_NOT_FOUND: host(404),
  ARTIFACT_NOT_FOUND: host(404),
  COMPILE_VARS_REQUIRED: reserved(host(400)),
  COMPILE_VAR_MISSING: host(400),
  COMPILE_VARS_PARSE_FAILED: host(400),
  COMPILE_VALIDATION_FAILED: host(400),
  REGISTRY_READ_FAILED: host(500),
  SKILL_SCRIPT_NOT_FOUND: host(404),
  SKILL_EXECUTION_FAILED: host(502),
  SKILL_EXECUTION_TIMEOUT: host(504),
  SKILLS_SYNC_FAILED: host(502),
  SKILLS_GIT_NOT_FOUND: host(500),
  // HTTP API (serve): the body codes HTTP clients of the reference runtime already handle, then the server's own. A
  // body that is not JSON or does not fit the route's schema is EXECUTION_VALIDATION_FAILED on every route (the
  // spec's code for "the execution JSON is malformed or invalid").
  MISSING_EXECUTION: host(400),
  INVALID_DEVICE_ID: host(400),
  INVALID_OPERATOR_PACKAGE: host(400),
  INVALID_PATH: host(400),
  // A path an agent named (a tool's or a route's argument) outside the directories such paths may name.
  PATH_NOT_ALLOWED: host(403),
  BAD_REQUEST: host(400),
  UNAUTHORIZED: host(401),
  HOST_NOT_ALLOWED: host(403),
  ORIGIN_NOT_ALLOWED: host(403),
  ROUTE_NOT_FOUND: host(404),
  METHOD_NOT_ALLOWED: host(405),
  REQUEST_TIMEOUT: host(408),
  UNSUPPORTED_MEDIA_TYPE: host(415),
  SERVER_SHUTTING_DOWN: host(503),
  // Caps that keep one client from taking the server from everyone else: long-lived streams (GET /events and MCP's
  // SSE streams, total and per client address) and MCP sessions; an MCP session that expired or was never opened.
  STREAM_LIMIT_REACHED: host(503),
  MCP_SESSION_LIMIT_REACHED: host(503),
  MCP_SESSION_NOT_FOUND: host(404),
  SERVE_TOKEN_REQUIRED: host(400),
  SERVE_LISTEN_FAILED: host(500),
  // Skills codes of the registry's own model (docs/skills-registry.md) and the eligibility gate
  // (docs/skills.md#agents).
  SKILL_VALIDATION_FAILED: host(422),
  SKILL_OUTPUT_ASSERTION_FAILED: host(422),
  SKILL_RESULT_PARSE_FAILED: host(502),
  SKILL_VERIFICATION_INDETERMINATE: host(200),
  SKILL_AGENT_CLI_UNAVAILABLE: host(424),
  SKILL_NOT_ELIGIBLE: host(409),
  // The skills API (docs/skills.md#the-skills-api): agents, config edits (a JSON config only; an edit made on another
  // version of the file is refused so no writer loses another's change), removal guards, installs into the managed
  // folder and of a skill's dependencies (an option for another OS or an unsafe value is refused before anything runs).
  AGENT_NOT_FOUND: host(404),
  SKILLS_CONFIG_CONFLICT: host(409),
  SKILLS_CONFIG_NOT_WRITABLE: host(422),
  SKILL_NOT_REMOVABLE: host(403),
  SKILL_ALREADY_INSTALLED: host(409),
  SKILL_INSTALL_UNSUPPORTED: host(422),
  SKILL_INSTALL_FAILED: host(502),
  SKILL_INSTALL_TIMEOUT: host(504),
  // take_screenshot steps the host could not finish: a path the screenshot policy refuses (outside
  // screenshots.allowedDirs, a `..` or symlink escape, an existing file that is not a PNG), or a write that failed
  // (missing directory, a directory, read-only, disk full). Either fails the envelope, so the exit code is 1.
  SCREENSHOT_PATH_REFUSED: step,
  SCREENSHOT_WRITE_FAILED: step,
  // Recording (docs/recording.md#error-codes). The host's own: a session id with no file, a pull the device refused, a
  // file that is not a recording, or one of a schema version this runtime does not read.
  RECORDING_SESSION_NOT_FOUND: host(404),
  RECORDING_PULL_FAILED: host(502),
  RECORDING_PARSE_FAILED: host(422),
  RECORDING_SCHEMA_VERSION_UNSUPPORTED: host(422),
  // The Operator APK's start_recording / stop_recording step codes, passed through in stepResults[].data.error.
  RECORDING_ALREADY_IN_PROGRESS: step,
  RECORDING_NOT_IN_PROGRESS: step,
  RECORDING_STORAGE_UNAVAILABLE: step,
  RECORDING_START_FAILED: step,
  RECORDING_STOP_FAILED: step,
  RECORDING_UNAVAILABLE: reserved(step),
  // Refs of the agent view, refused before dispatch. REF_STALE: the device ran an action since the view was
  // made, so its screen may have changed; 409, the ref conflicts with the device's current state (a new view fixes
  // it). REF_NOT_FOUND: no view of the device yet, or no such ref in it. REF_NOT_UNIQUE: no matcher selects the node
  // alone on that screen, so only a click (by its centre) can take the ref; 422, well-formed but not actionable so.
  REF_STALE: host(409),
  REF_NOT_FOUND: host(404),
  REF_NOT_UNIQUE: host(422),
  // Runtime codes outside the spec's tables: CLI usage, configuration and plugin loading, and bugs.
  USAGE: host(400),
  CONFIG_INVALID: host(400),
  PLUGIN_INVALID: host(500),
  INTERNAL_ERROR: host(500),
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** `ErrorCodes.NO_DEVICES === "NO_DEVICES"`: the codes as values, for callers that branch on them. */
export const ErrorCodes = Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((code) => [code, code])) as {
  readonly [K in ErrorCode]: K;
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].http;
}

/** Whether the code is reserved: catalogued for clients, raised by nothing. */
export function isReservedCode(code: ErrorCode): boolean {
  return (ERROR_CATALOGUE[code] as CodeInfo).reserved === true;
}

export function exitCodeOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].exit;
}
