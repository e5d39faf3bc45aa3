import { describe, expect, it } from "vitest";
import {
  ClawperatorError,
  ERROR_CATALOGUE,
  ErrorCodes,
  exitCodeOf,
  httpStatusOf,
  isErrorCode,
  type ErrorCode,
} from "../../../core/contracts/index.ts";
import { execution, rejection, single } from "./fixtures.ts";

/** The reference product's error-code tables, table by table, in its order (docs/errors.md#catalogue). */
const ERROR_CODES_CHAPTER: Readonly<Record<string, readonly string[]>> = {
  Host: ["HOST_DEPENDENCY_MISSING"],
  "Setup and Connectivity": [
    "ADB_NOT_FOUND",
    "NO_DEVICES",
    "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED",
    "RECEIVER_NOT_INSTALLED",
    "DEVICE_NOT_FOUND",
  ],
  "Execution and State": [
    "EXECUTION_VALIDATION_FAILED",
    "EXECUTION_ACTION_UNSUPPORTED",
    "EXECUTION_CONFLICT_IN_FLIGHT",
    "RESULT_ENVELOPE_TIMEOUT",
    "RESULT_ENVELOPE_MALFORMED",
    "SNAPSHOT_EXTRACTION_FAILED",
  ],
  "UI and Nodes": [
    "NODE_NOT_FOUND",
    "NODE_NOT_CLICKABLE",
    "SECURITY_BLOCK_DETECTED",
    "CONTAINER_NOT_FOUND",
    "CONTAINER_NOT_SCROLLABLE",
    "GESTURE_FAILED",
  ],
  "Doctor and Host Checks": [
    "NODE_TOO_OLD",
    "ADB_SERVER_FAILED",
    "ADB_NO_USB_PERMISSIONS",
    "DEVICE_UNAUTHORIZED",
    "DEVICE_OFFLINE",
    "DEVICE_SHELL_UNAVAILABLE",
    "RECEIVER_VARIANT_MISMATCH",
    "DEVICE_DEV_OPTIONS_DISABLED",
    "DEVICE_USB_DEBUGGING_DISABLED",
    "DEVICE_ACCESSIBILITY_NOT_RUNNING",
    "ANDROID_BUILD_FAILED",
    "ANDROID_INSTALL_FAILED",
    "ANDROID_APP_LAUNCH_FAILED",
    "SMOKE_OPEN_SETTINGS_FAILED",
    "SCRCPY_NOT_FOUND",
    "APK_VERSION_UNREADABLE",
    "APK_VERSION_INVALID",
    "CLI_VERSION_INVALID",
    "VERSION_INCOMPATIBLE",
    "LOGCAT_UNAVAILABLE",
    "ANDROID_SDK_TOOL_MISSING",
    "EMULATOR_NOT_FOUND",
    "EMULATOR_ALREADY_RUNNING",
    "EMULATOR_NOT_RUNNING",
    "EMULATOR_UNSUPPORTED",
    "EMULATOR_CREATE_FAILED",
    "EMULATOR_START_FAILED",
    "EMULATOR_STOP_FAILED",
    "EMULATOR_DELETE_FAILED",
    "EMULATOR_BOOT_TIMEOUT",
    "ANDROID_SYSTEM_IMAGE_INSTALL_FAILED",
    "ANDROID_AVD_CREATE_FAILED",
  ],
  "Operator setup": [
    "OPERATOR_APK_NOT_FOUND",
    "OPERATOR_INSTALL_FAILED",
    "OPERATOR_GRANT_FAILED",
    "OPERATOR_VERIFY_FAILED",
  ],
  "Internal / Other": ["BROADCAST_FAILED", "PAYLOAD_TOO_LARGE", "DOCTOR_FAILED"],
  Skills: [
    "SKILL_NOT_FOUND",
    "ARTIFACT_NOT_FOUND",
    "COMPILE_VARS_REQUIRED",
    "COMPILE_VAR_MISSING",
    "COMPILE_VARS_PARSE_FAILED",
    "COMPILE_VALIDATION_FAILED",
    "REGISTRY_READ_FAILED",
    "SKILL_SCRIPT_NOT_FOUND",
    "SKILL_EXECUTION_FAILED",
    "SKILL_EXECUTION_TIMEOUT",
    "SKILLS_SYNC_FAILED",
    "SKILLS_GIT_NOT_FOUND",
  ],
};

/**
 * The reference product's agent guide table of error codes: code → its Source column
 * (docs/errors.md#where-a-code-appears).
 */
const AGENT_GUIDE: Readonly<Record<string, "envelope.errorCode" | "error.code" | "data.error">> = {
  SERVICE_UNAVAILABLE: "envelope.errorCode",
  EXECUTION_CONFLICT_IN_FLIGHT: "error.code",
  ANDROID_SDK_TOOL_MISSING: "error.code",
  EMULATOR_NOT_FOUND: "error.code",
  EMULATOR_NOT_RUNNING: "error.code",
  EMULATOR_ALREADY_RUNNING: "error.code",
  EMULATOR_UNSUPPORTED: "error.code",
  EMULATOR_START_FAILED: "error.code",
  EMULATOR_BOOT_TIMEOUT: "error.code",
  ANDROID_AVD_CREATE_FAILED: "error.code",
  ANDROID_SYSTEM_IMAGE_INSTALL_FAILED: "error.code",
  EMULATOR_STOP_FAILED: "error.code",
  EMULATOR_DELETE_FAILED: "error.code",
  NODE_NOT_FOUND: "data.error",
  RESULT_ENVELOPE_TIMEOUT: "error.code",
  RECEIVER_NOT_INSTALLED: "error.code",
  DEVICE_UNAUTHORIZED: "error.code",
  VERSION_INCOMPATIBLE: "error.code",
  APK_VERSION_UNREADABLE: "error.code",
  EXECUTION_VALIDATION_FAILED: "error.code",
  SECURITY_BLOCK_DETECTED: "data.error",
  NODE_NOT_CLICKABLE: "data.error",
  UNSUPPORTED_RUNTIME_CLOSE: "data.error",
  SNAPSHOT_EXTRACTION_FAILED: "data.error",
  GLOBAL_ACTION_FAILED: "data.error",
  CONTAINER_NOT_FOUND: "data.error",
  CONTAINER_NOT_SCROLLABLE: "data.error",
  GESTURE_FAILED: "data.error",
};

/** Step codes named only in the action behaviour notes (open_uri, take_screenshot). */
const BEHAVIOUR_NOTES = ["URI_NOT_HANDLED", "UNSUPPORTED_RUNTIME_SCREENSHOT"];

const SCOPE_OF_SOURCE = { "error.code": "host", "envelope.errorCode": "envelope", "data.error": "step" } as const;

const chapterCodes = Object.values(ERROR_CODES_CHAPTER).flat();
const everySpecCode = [...new Set([...chapterCodes, ...Object.keys(AGENT_GUIDE), ...BEHAVIOUR_NOTES])];
const catalogued = (code: string) => ERROR_CATALOGUE[code as ErrorCode];

describe("error catalogue (docs/errors.md)", () => {
  it.each(everySpecCode)("%s is catalogued with an HTTP status and an exit code", (code) => {
    expect(isErrorCode(code)).toBe(true);
    expect(ErrorCodes[code as ErrorCode]).toBe(code);
    const http = httpStatusOf(code as ErrorCode);
    expect(Number.isInteger(http) && http >= 100 && http <= 599).toBe(true);
    expect(exitCodeOf(code as ErrorCode)).toBeGreaterThan(0);
  });

  it.each(Object.entries(AGENT_GUIDE))("%s is found where the agent guide says (%s)", (code, source) => {
    expect(catalogued(code)?.scope).toBe(SCOPE_OF_SOURCE[source]);
  });

  it.each(chapterCodes.filter((code) => AGENT_GUIDE[code] !== "data.error"))(
    "%s exits with 1 (docs/cli.md#exit-codes: 1 — error, JSON error object with code)",
    (code) => {
      expect(exitCodeOf(code as ErrorCode)).toBe(1);
    },
  );

  it.each([
    ["EXECUTION_VALIDATION_FAILED", 400],
    ["MULTIPLE_DEVICES_DEVICE_ID_REQUIRED", 400],
    ["DEVICE_NOT_FOUND", 404],
    ["NO_DEVICES", 404],
    ["PAYLOAD_TOO_LARGE", 413],
    ["EXECUTION_CONFLICT_IN_FLIGHT", 423],
    ["RESULT_ENVELOPE_TIMEOUT", 504],
  ])("%s maps to HTTP %d (docs/http-api.md#post-execute-status-codes)", (code, status) => {
    expect(httpStatusOf(code as ErrorCode)).toBe(status);
  });

  it.each(["NOT_A_CODE", "execution_validation_failed", "", "toString", "constructor", "__proto__", 400, null])(
    "isErrorCode(%j) is false",
    (value) => {
      expect(isErrorCode(value)).toBe(false);
    },
  );
});

describe("validateExecution errors carry catalogued codes and the spec's structured shape", () => {
  it.each([
    ["a validation failure", single("sleep", { durationMs: -1 }), "EXECUTION_VALIDATION_FAILED", 400],
    ["an unsupported type", single("teleport"), "EXECUTION_ACTION_UNSUPPORTED", 400],
    [
      "an oversized payload",
      single("enter_text", { matcher: { textEquals: "x" }, text: "x".repeat(64_000) }),
      "PAYLOAD_TOO_LARGE",
      413,
    ],
  ])("%s → %s, HTTP %d", (_name, input, code, status) => {
    const error = rejection(input);
    expect(error.code).toBe(code);
    expect(httpStatusOf(error.code)).toBe(status);
  });

  it("serializes as { code, message, hint?, details? } (docs/errors.md#the-error-shape)", () => {
    const error = rejection(execution([{ id: "k", type: "press_key", params: { key: "enter" } }]));
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(json).toMatchObject({
      code: "EXECUTION_VALIDATION_FAILED",
      message: "press_key params.key must be one of: back, home, recents",
      details: { path: "actions.0.params.key" },
    });
    expect(
      Object.keys(json).every((key) =>
        ["code", "message", "hint", "details", "fallback_instructions_path"].includes(key),
      ),
    ).toBe(true);
  });

  it("is an Error subclass that callers can branch on by code", () => {
    const error = rejection(single("teleport"));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ClawperatorError);
    expect(error.code).toBe(ErrorCodes.EXECUTION_ACTION_UNSUPPORTED);
  });
});
