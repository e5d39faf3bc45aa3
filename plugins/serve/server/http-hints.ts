import type { ErrorCode } from "../../../core/contracts/error-codes.ts";

const serials = (value: unknown) =>
  Array.isArray(value) && value.length
    ? `: one of ${value.map((d) => (typeof d === "string" ? d : d?.serial)).join(", ")}`
    : "";

/**
 * The runtime's hints speak to the command line (`--device-id`, `clawperator devices`); an HTTP client selects the
 * device with `deviceId` in the body and lists devices with GET /devices. Errors about selecting a device get
 * the hint in those words instead; other hints (and errors plugins raise in their own words) are left alone.
 */
const HTTP_HINTS: Partial<Record<ErrorCode, (details: Record<string, unknown>) => string>> = {
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: (d) =>
    `Send "deviceId" in the request body${serials(d.devices)} (GET /devices).`,
  DEVICE_NOT_FOUND: (d) => `GET /devices lists the connected serials; send one as "deviceId"${serials(d.connected)}.`,
  INVALID_DEVICE_ID: () => 'GET /devices lists the connected serials; send one as "deviceId".',
};

/** The runtime's words for the command line, which an HTTP client cannot act on. */
const CLI_WORDS = /--device|`clawperator devices`/;

/** The error as an HTTP client should read it: a hint in the command line's words is said in HTTP's. */
export function forHttp(error: Record<string, unknown>): Record<string, unknown> {
  const hint = HTTP_HINTS[error.code as ErrorCode];
  if (!hint || typeof error.hint !== "string" || !CLI_WORDS.test(error.hint)) return error;
  return { ...error, hint: hint((error.details as Record<string, unknown> | undefined) ?? {}) };
}
