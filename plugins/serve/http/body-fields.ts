import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import type { RunExecutionRequest } from "../../../core/execution/runner.ts";

const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;

const describe = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "an array"
      : typeof value === "string"
        ? JSON.stringify(value)
        : typeof value;

/** `deviceId` of a body: absent, or a serial as adb prints it (INVALID_DEVICE_ID otherwise). */
export function deviceIdOf(body: Record<string, unknown>): string | undefined {
  const { deviceId } = body;
  if (deviceId === undefined) return undefined;
  if (typeof deviceId !== "string" || deviceId === "") {
    throw new ClawperatorError("INVALID_DEVICE_ID", `deviceId must be a non-empty string (got ${describe(deviceId)})`, {
      hint: "Take a serial from GET /devices.",
    });
  }
  return checkDeviceSerial(deviceId, "deviceId");
}

/**
 * The receiver package: `receiverPackage` (spec) or `operatorPackage` (what the reference runtime reads), an Android
 * application id; both may be given only if they agree (INVALID_OPERATOR_PACKAGE otherwise).
 */
export function receiverPackageOf(body: Record<string, unknown>): string | undefined {
  const given = (["receiverPackage", "operatorPackage"] as const).filter((key) => body[key] !== undefined);
  for (const key of given) {
    const value = body[key];
    if (typeof value !== "string" || !PACKAGE_NAME.test(value)) {
      throw new ClawperatorError(
        "INVALID_OPERATOR_PACKAGE",
        `${key} must be an Android application id like com.clawperator.operator (got ${describe(value)})`,
      );
    }
  }
  if (given.length === 2 && body.receiverPackage !== body.operatorPackage) {
    throw new ClawperatorError(
      "INVALID_OPERATOR_PACKAGE",
      `receiverPackage ${describe(body.receiverPackage)} and operatorPackage ${describe(body.operatorPackage)}` +
        ` disagree; send one`,
    );
  }
  return given.length ? (body[given[0]!] as string) : undefined;
}

/** A boolean option of a body (`inline`, `deviceEnvelope`): absent is false, anything but a boolean EXECUTION_VALIDATION_FAILED. */
export function flagOf(body: Record<string, unknown>, key: string): boolean {
  const value = body[key];
  if (value === undefined) return false;
  if (typeof value !== "boolean")
    throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", `${key} must be true or false (got ${describe(value)})`);
  return value;
}

/** The device and receiver fields of a run request and its `deviceEnvelope` option, checked. */
export function targetOf(body: Record<string, unknown>): Omit<RunExecutionRequest, "execution"> {
  const deviceId = deviceIdOf(body);
  const receiverPackage = receiverPackageOf(body);
  return {
    ...(deviceId === undefined ? {} : { deviceId }),
    ...(receiverPackage === undefined ? {} : { receiverPackage }),
    ...(flagOf(body, "deviceEnvelope") ? { deviceEnvelope: true } : {}),
  };
}

/** `path` of a screenshot body: absent, or a non-empty string (INVALID_PATH otherwise). */
export function pathOf(body: Record<string, unknown>): string | undefined {
  const { path } = body;
  if (path === undefined) return undefined;
  if (typeof path !== "string" || path.trim() === "")
    throw new ClawperatorError("INVALID_PATH", `path must be a non-empty string (got ${describe(path)})`);
  return path;
}
