import type { Command } from "../command-types.ts";
import { DEFAULT_DATE_FORMAT, formatDate } from "./date-format.ts";

/** `date` and `date +FORMAT`, read from the device clock in UTC. The shell user cannot set the time. */
export const date: Command = ({ args, stdout, stderr, state }) => {
  const [arg] = args;
  if (args.length > 1 || (arg !== undefined && !arg.startsWith("+"))) {
    stderr(`date: bad date '${args.at(-1)}'\n`);
    return 1;
  }
  stdout(`${formatDate(state.clock.now(), arg === undefined ? DEFAULT_DATE_FORMAT : arg.slice(1))}\n`);
  return 0;
};
