import type { Command } from "../command-types.ts";

/** `pidof <name>...` (toybox): the pids of the running app processes named, on one line; exit 1 when none runs. */
export const pidof: Command = ({ args, stdout, state }) => {
  const pids = args.filter((a) => !a.startsWith("-")).flatMap((name) => state.processes.running(name) ?? []);
  if (pids.length === 0) return 1;
  stdout(`${pids.join(" ")}\n`);
  return 0;
};
