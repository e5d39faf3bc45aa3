import type { LogEntry } from "../../device/log-types.ts";
import type { Command } from "../command-types.ts";
import { formatEntry, LogTimeFormatter } from "./log-format.ts";
import { parseLogcatArgs, type LogcatOptions } from "./logcat-options.ts";

const MAIN_HEADER = "--------- beginning of main\n";

function backlog(entries: LogEntry[], options: LogcatOptions, accepts: (entry: LogEntry) => boolean): LogEntry[] {
  const { start } = options;
  const shown = entries.filter((entry) => accepts(entry) && (start.kind !== "since" || entry.timeMs >= start.timeMs));
  return start.kind === "last" ? shown.slice(Math.max(0, shown.length - start.count)) : shown;
}

/**
 * `logcat`: prints the device log in the chosen format, from the start, the last N lines or a device time, then
 * (without `-d`/`-t`) keeps streaming new entries until the adb stream closes.
 */
export const logcat: Command = ({ args, env, stdout, stderr, state, signal }) => {
  const parsed = parseLogcatArgs(args, env, state.clock.now());
  if (!parsed.ok) {
    stderr(`logcat: ${parsed.message}\n`);
    return 1;
  }
  const { options } = parsed;
  if (options.clear) {
    state.log.clear();
    return 0;
  }
  const accepts = (entry: LogEntry) =>
    (options.pid === undefined || entry.pid === options.pid) && options.filter.accepts(entry);
  const time = new LogTimeFormatter();
  let printed = 0;
  const limitReached = () => options.maxCount !== undefined && printed >= options.maxCount;

  /** Prints the entries the filters accept, up to the count limit, as one chunk. */
  const print = (entries: readonly LogEntry[]): void => {
    let chunk = "";
    for (const entry of entries) {
      if (limitReached()) break;
      if (!accepts(entry)) continue;
      if (printed++ === 0) chunk += MAIN_HEADER;
      chunk += formatEntry(entry, options.format, time);
    }
    if (chunk) stdout(chunk);
  };

  print(backlog(state.log.entries(), options, accepts));
  if (options.dump || limitReached() || signal.aborted) return 0;

  return new Promise<number>((resolve) => {
    const stop = () => {
      unsubscribe();
      signal.removeEventListener("abort", stop);
      resolve(0);
    };
    const unsubscribe = state.log.subscribe((entries) => {
      print(entries);
      if (limitReached()) stop();
    });
    signal.addEventListener("abort", stop, { once: true });
  });
};
