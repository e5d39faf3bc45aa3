import { LogFilter } from "./log-filter.ts";
import { isLogFormat, type LogFormat } from "./log-format.ts";

export type LogStart = { kind: "all" } | { kind: "last"; count: number } | { kind: "since"; timeMs: number };

export interface LogcatOptions {
  format: LogFormat;
  clear: boolean;
  /** Print what is there and exit (`-d`, `-t`), rather than keep streaming. */
  dump: boolean;
  start: LogStart;
  /** Exit after this many lines (`-m`). */
  maxCount?: number;
  pid?: number;
  filter: LogFilter;
}

/** `-v` words that change nothing in this device's output (it has no colours, and its zone is UTC). */
const FORMAT_MODIFIERS = new Set(["color", "printable", "UTC", "descriptive", "uid"]);

/** `-T '01-02 03:04:05.678'` (this year), `-T '2026-01-02 03:04:05.678'`, or `-T <epoch seconds.ms>`. */
export function parseLogTime(text: string, currentYear: number): number | undefined {
  const m = /^(?:(\d{4})-)?(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (m) {
    const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, "0").slice(0, 3));
    return Date.UTC(
      m[1] === undefined ? currentYear : Number(m[1]),
      Number(m[2]) - 1,
      Number(m[3]),
      Number(m[4]),
      Number(m[5]),
      Number(m[6]),
      ms,
    );
  }
  return /^\d+\.\d+$/.test(text) ? Math.round(Number(text) * 1000) : undefined;
}

export type ParsedLogcat = { ok: true; options: LogcatOptions } | { ok: false; message: string };

/** Parses logcat's arguments; without filterspecs on the line, `ANDROID_LOG_TAGS` supplies them. */
export function parseLogcatArgs(
  args: readonly string[],
  env: ReadonlyMap<string, string>,
  nowMs: number,
): ParsedLogcat {
  const options: LogcatOptions = {
    format: "threadtime",
    clear: false,
    dump: false,
    start: { kind: "all" },
    filter: new LogFilter(),
  };
  const specs: string[] = [];
  let silence = false;
  const year = new Date(nowMs).getUTCFullYear();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const short = /^-([vTtbmr])(.+)$/.exec(arg);
    const [flag, attached] = short ? [`-${short[1]}`, short[2]] : [arg, undefined];
    const value = () => attached ?? args[++i];
    switch (flag) {
      case "-d":
        options.dump = true;
        break;
      case "-c":
        options.clear = true;
        break;
      case "-s":
        silence = true;
        break;
      case "-v": {
        const format = value();
        if (format !== undefined && isLogFormat(format)) options.format = format;
        else if (format === undefined || !FORMAT_MODIFIERS.has(format))
          return { ok: false, message: `Invalid parameter "${format ?? ""}" to -v.` };
        break;
      }
      case "-t":
      case "-T": {
        const text = value() ?? "";
        if (flag === "-t") options.dump = true;
        if (/^\d+$/.test(text)) options.start = { kind: "last", count: Number(text) };
        else {
          const timeMs = parseLogTime(text, year);
          if (timeMs === undefined) return { ok: false, message: `${flag} "${text}" not in time format` };
          options.start = { kind: "since", timeMs };
        }
        break;
      }
      case "-m": {
        const count = Number(value());
        if (!Number.isInteger(count) || count < 1) return { ok: false, message: "-m needs a positive count" };
        options.maxCount = count;
        break;
      }
      case "-b":
      case "-r":
        value();
        break;
      default:
        if (arg.startsWith("--pid=")) options.pid = Number(arg.slice("--pid=".length));
        else if (arg.startsWith("-")) return { ok: false, message: `Unknown option '${arg}'` };
        else specs.push(arg);
    }
  }
  if (silence) options.filter.silenceOthers();
  const fromEnv = specs.length === 0 ? (env.get("ANDROID_LOG_TAGS") ?? "").split(/\s+/).filter(Boolean) : [];
  for (const spec of [...fromEnv, ...specs]) {
    if (!options.filter.add(spec)) return { ok: false, message: `Invalid filter expression '${spec}'` };
  }
  return { ok: true, options };
}
