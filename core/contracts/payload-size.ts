import { ClawperatorError } from "./clawperator-error.ts";
import { LIMITS } from "./limits.ts";

/** UTF-8 size of the payload as it is dispatched (single-line JSON). */
export function payloadBytes(execution: unknown): number {
  return Buffer.byteLength(JSON.stringify(execution), "utf8");
}

/**
 * adb carries a shell command of at most 65,535 bytes. Besides the payload the dispatch script holds the device
 * clock, the `pm path` check, the `am broadcast` words, the receiver package and action (a few hundred bytes for
 * any real package name) and one `am force-stop` per close_app action; this much is kept for them.
 */
const DISPATCH_OVERHEAD_BYTES = 1_500;
const MAX_QUOTED_PAYLOAD_BYTES = 0xffff - DISPATCH_OVERHEAD_BYTES;

/** Bytes of the payload once single-quoted for the device shell: each `'` becomes `'"'"'`. */
export function quotedPayloadBytes(json: string): number {
  let quotes = 0;
  for (let i = json.indexOf("'"); i !== -1; i = json.indexOf("'", i + 1)) quotes++;
  return Buffer.byteLength(json, "utf8") + 2 + quotes * 4;
}

/** Bytes the host adds before the broadcast for the close_app actions (`'am' 'force-stop' '<pkg>'; `). */
function forceStopBytes(actions: unknown): number {
  if (!Array.isArray(actions)) return 0;
  let bytes = 0;
  for (const action of actions) {
    const params = (action as { type?: unknown; params?: { applicationId?: unknown } } | null)?.params;
    if ((action as { type?: unknown } | null)?.type === "close_app" && typeof params?.applicationId === "string") {
      bytes += 24 + quotedPayloadBytes(params.applicationId);
    }
  }
  return bytes;
}

/**
 * PAYLOAD_TOO_LARGE for a payload over the spec's 64,000 UTF-8 bytes, or one that would not fit in the single adb
 * shell command that dispatches it once quoted, so that whatever `--validate-only` accepts can be dispatched.
 */
export function assertPayloadSize(candidate: Record<string, unknown>): void {
  const json = JSON.stringify(candidate);
  const bytes = Buffer.byteLength(json, "utf8");
  if (bytes > LIMITS.MAX_PAYLOAD_BYTES) {
    throw new ClawperatorError(
      "PAYLOAD_TOO_LARGE",
      `execution payload is ${bytes} UTF-8 bytes; the limit is ${LIMITS.MAX_PAYLOAD_BYTES}`,
      {
        hint: "Split the work across several executions.",
        details: { bytes, limit: LIMITS.MAX_PAYLOAD_BYTES },
      },
    );
  }
  const quoted = quotedPayloadBytes(json) + forceStopBytes(candidate.actions);
  if (quoted > MAX_QUOTED_PAYLOAD_BYTES) {
    throw new ClawperatorError(
      "PAYLOAD_TOO_LARGE",
      `execution payload becomes ${quoted} bytes once quoted for the device shell; one adb shell command ` +
        `carries at most ${MAX_QUOTED_PAYLOAD_BYTES} of payload`,
      {
        hint:
          "Shorten the text values (each ' in the payload takes 5 bytes once quoted for the device shell) or " +
          "split the work across several executions.",
        details: { bytes, quotedBytes: quoted, limit: MAX_QUOTED_PAYLOAD_BYTES },
      },
    );
  }
}
