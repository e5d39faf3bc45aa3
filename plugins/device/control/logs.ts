import type { LogsInput } from "../../../core/contracts/device-control.ts";
import { shellCommand } from "../../../android/operator/shell-quote.ts";

/** The lines returned by default, and the most bytes of them: a log is read by a model, not archived. */
export const DEFAULT_LOG_LINES = 200;
export const MAX_LOG_BYTES = 64 * 1024;

/** Seconds of a `since` duration (`90s`, `5m`, `2h`, `500ms`). */
function durationSeconds(since: string): number | undefined {
  const m = /^(\d+)(ms|s|m|h)$/.exec(since);
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === "ms" ? n / 1000 : m[2] === "s" ? n : m[2] === "m" ? n * 60 : n * 3600;
}

/** Where `since` starts, in epoch seconds (logcat's `-T sssss.mmm`), from the device's clock for a duration. */
export function sinceEpoch(since: string, deviceNowSeconds: number): number | undefined {
  const back = durationSeconds(since);
  if (back !== undefined) return deviceNowSeconds - back;
  const ms = Date.parse(since);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * The logcat command line for a request, every word quoted: the last lines (or those since a time), of one
 * process, at or above a level, of one tag. A tag filter silences the others (`Tag:level *:S`).
 */
export function logcatCommand(input: LogsInput, pid: number | undefined, since: number | undefined): string {
  const words = ["logcat", "-d", "-v", "threadtime"];
  if (since !== undefined) words.push("-T", since.toFixed(3));
  else words.push("-t", String((input.lines ?? DEFAULT_LOG_LINES) * 2));
  if (pid !== undefined) words.push(`--pid=${pid}`);
  const level = input.level ?? "V";
  if (input.tag !== undefined) words.push(`${input.tag}:${level}`, "*:S");
  else if (input.level !== undefined) words.push(`*:${level}`);
  return shellCommand(words);
}

const OWN = ["[Clawperator-Result]", "[Clawperator-Dispatch]"];
const SNAPSHOT_START = "[TaskScope] UI Hierarchy:";

/**
 * The lines to hand out: logcat's own banners, Clawperator's protocol lines (result envelopes, dispatch markers) and
 * the snapshots' XML dumps left out; then the newest `lines` of them within MAX_LOG_BYTES.
 */
export function ownLinesOut(output: string, lines = DEFAULT_LOG_LINES): { lines: string[]; truncated: boolean } {
  const kept: string[] = [];
  let inSnapshot = false;
  for (const line of output.split(/\r?\n/)) {
    if (line === "" || line.startsWith("--------- beginning of")) continue;
    if (inSnapshot) {
      if (line.includes("</hierarchy>")) inSnapshot = false;
      continue;
    }
    if (line.includes(SNAPSHOT_START)) {
      inSnapshot = true;
      continue;
    }
    if (OWN.some((marker) => line.includes(marker))) continue;
    kept.push(line);
  }
  let out = kept.slice(-lines);
  let truncated = kept.length > out.length;
  let bytes = out.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
  while (bytes > MAX_LOG_BYTES && out.length > 0) {
    bytes -= Buffer.byteLength(out[0]!) + 1;
    out = out.slice(1);
    truncated = true;
  }
  return { lines: out, truncated };
}
