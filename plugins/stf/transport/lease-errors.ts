import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { StfHttpError } from "../api/stf-client.ts";

/** STF's answer to a reservation as the catalogue names it (api_v1.yaml: 401, 403, 404, 504). */
export function reservationError(error: unknown, serial: string, owner?: string): unknown {
  if (!(error instanceof StfHttpError)) return error;
  const details = { deviceId: serial, farmStatus: error.status, ...(owner ? { owner } : {}) };
  switch (error.status) {
    case 401:
      return new ClawperatorError("FARM_UNAUTHORIZED", "the STF farm refused the access token", {
        hint: "Create a new token in STF (Settings → Keys) and set CLAWPERATOR_STF_TOKEN.",
        details,
      });
    case 403:
      return new ClawperatorError(
        "DEVICE_BUSY",
        `farm device ${serial} is in use${owner ? ` by ${owner}` : ""} or not available`,
        { hint: "Pick another device from `clawperator devices`, or `--device-id stf:any` for any free one.", details },
      );
    case 404:
      return new ClawperatorError("DEVICE_NOT_FOUND", `the STF farm has no device ${serial}`, {
        hint: "Take the serial from `clawperator devices`.",
        details,
      });
    case 504:
      return new ClawperatorError("DEVICE_OFFLINE", `farm device ${serial} is not responding`, {
        hint: "The farm's provider lost the device; pick another.",
        details,
      });
    default:
      return new ClawperatorError("FARM_UNREACHABLE", `the STF farm failed to lease ${serial}: ${error.message}`, {
        details,
      });
  }
}

export function leaseExpired(serial: string): ClawperatorError {
  return new ClawperatorError("DEVICE_LEASE_EXPIRED", `the lease on farm device ${serial} ended while it was in use`, {
    hint: "The farm took it back (idle longer than stf.leaseIdleMs, or released from STF's UI). Run again.",
    details: { deviceId: serial },
  });
}
