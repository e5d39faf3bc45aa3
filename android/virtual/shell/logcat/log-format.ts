import type { LogEntry } from "../../device/log-types.ts";

export const LOG_FORMATS = ["brief", "process", "tag", "thread", "raw", "time", "threadtime"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const isLogFormat = (value: string): value is LogFormat => (LOG_FORMATS as readonly string[]).includes(value);

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Formats entry times as logcat does (`MM-DD HH:MM:SS.mmm`, device time zone UTC), reusing the per-second prefix. */
export class LogTimeFormatter {
  #second = Number.NaN;
  #prefix = "";

  format(timeMs: number): string {
    const second = Math.floor(timeMs / 1000);
    if (second !== this.#second) {
      const d = new Date(second * 1000);
      this.#second = second;
      this.#prefix =
        `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:` +
        `${two(d.getUTCSeconds())}.`;
    }
    return this.#prefix + String(timeMs - second * 1000).padStart(3, "0");
  }
}

/** One entry as a line of logcat output in the given format (liblog's logprint shapes), with its newline. */
export function formatEntry(entry: LogEntry, format: LogFormat, time: LogTimeFormatter): string {
  const { priority: p, tag, message } = entry;
  const pid = String(entry.pid).padStart(5);
  switch (format) {
    case "threadtime":
      return `${time.format(entry.timeMs)} ${pid} ${String(entry.tid).padStart(5)} ${p} ${tag.padEnd(8)}: ${message}\n`;
    case "time":
      return `${time.format(entry.timeMs)} ${p}/${tag.padEnd(8)}(${pid}): ${message}\n`;
    case "brief":
      return `${p}/${tag.padEnd(8)}(${pid}): ${message}\n`;
    case "tag":
      return `${p}/${tag.padEnd(8)}: ${message}\n`;
    case "process":
      return `${p}(${pid}) ${message}  (${tag})\n`;
    case "thread":
      return `${p}(${pid}:${String(entry.tid).padStart(5)}) ${message}\n`;
    case "raw":
      return `${message}\n`;
  }
}
