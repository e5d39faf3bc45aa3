import type { LogPriority } from "../../device/log-types.ts";
import type { Command } from "../command-types.ts";

const PRIORITIES: Readonly<Record<string, LogPriority>> = { v: "V", d: "D", i: "I", w: "W", e: "E", f: "F" };

/** toybox `log [-p v|d|i|w|e|f] [-t TAG] MESSAGE...`: writes one record to the device log (priority I, tag "log"). */
export const log: Command = ({ args, stderr, state, pid }) => {
  let priority: LogPriority = "I";
  let tag = "log";
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-p" || arg === "-t") {
      const value = args[++i];
      if (value === undefined) {
        stderr(`log: Needs 1 argument for ${arg}\n`);
        return 1;
      }
      if (arg === "-t") tag = value;
      else if (PRIORITIES[value[0]!.toLowerCase()]) priority = PRIORITIES[value[0]!.toLowerCase()]!;
      else {
        stderr(`log: bad -p '${value}'\n`);
        return 1;
      }
    } else if (arg === "--") {
      i++;
      break;
    } else break;
  }
  if (i >= args.length) {
    stderr("log: Needs 1 argument\n");
    return 1;
  }
  state.log.write(priority, tag, args.slice(i).join(" "), pid);
  return 0;
};
