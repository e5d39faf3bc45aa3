import type { LogEntry } from "../../device/log-types.ts";

export const LOG_FORMATS = ["brief", "process", "tag", "thread", "raw", "time", "threadtime"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const isLogFormat = (value: string): value is LogFormat => (LOG_FORMATS as readonly string[]).includes(value);

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Formats entry times as logcat does (`MM-DD HH:MM:SS.mmm`, device time zone UTC), reusing the per-second prefix. */
class LogTimeFormatter {
  #second = Number.NaN;
  #prefix = "";

  format(timeMs: number): string {
    const second = Math.floor(timeMs / 1000);
    if (second !== this.#second) {
      const d = new Date(second * 1000);
      this.#second = second;
      this.#prefix = `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.`;
    }
    return this.#prefix + String(timeMs - second * 1000).padStart(3, "0");
  }
}

/** What logcat prints around an entry's message in the given format (liblog's logprint shapes). */
function frame(entry: LogEntry, format: LogFormat, time: LogTimeFormatter): readonly [before: string, after: string] {
  const { priority: p, tag } = entry;
  const pid = String(entry.pid).padStart(5);
  switch (format) {
    case "threadtime":
      return [`${time.format(entry.timeMs)} ${pid} ${String(entry.tid).padStart(5)} ${p} ${tag.padEnd(8)}: `, "\n"];
    case "time":
      return [`${time.format(entry.timeMs)} ${p}/${tag.padEnd(8)}(${pid}): `, "\n"];
    case "brief":
      return [`${p}/${tag.padEnd(8)}(${pid}): `, "\n"];
    case "tag":
      return [`${p}/${tag.padEnd(8)}: `, "\n"];
    case "process":
      return [`${p}(${pid}) `, `  (${tag})\n`];
    case "thread":
      return [`${p}(${pid}:${String(entry.tid).padStart(5)}) `, "\n"];
    case "raw":
      return ["", "\n"];
  }
}

/**
 * Formats entries as lines of logcat output, each with its newline. The lines of one record share their time,
 * process, priority and tag, so their frame is built once (a snapshot's record has hundreds of lines).
 */
export class LogLineFormatter {
  readonly #time = new LogTimeFormatter();
  #last: LogEntry | undefined;
  #frame: readonly [string, string] = ["", ""];

  constructor(private readonly format: LogFormat) {}

  line(entry: LogEntry): string {
    const last = this.#last;
    if (!last || last.timeMs !== entry.timeMs || last.pid !== entry.pid || last.tid !== entry.tid || last.priority !== entry.priority || last.tag !== entry.tag) {
      this.#frame = frame(entry, this.format, this.#time);
      this.#last = entry;
    }
    return this.#frame[0] + entry.message + this.#frame[1];
  }
}
