import { serializeHierarchy } from "../../tree/index.ts";
import { strerror } from "../../device/errno.ts";
import type { Command } from "../command-types.ts";

const DEFAULT_DUMP = "/sdcard/window_dump.xml";

/** `uiautomator dump [--compressed] [file]`: the screen as uiautomator XML; `/dev/tty` prints it instead. */
export const uiautomator: Command = ({ args, stdout, stderr, state, ui }) => {
  const [verb, ...rest] = args;
  if (verb !== "dump") {
    stderr(verb === undefined ? "Usage: uiautomator <subcommand> [options]\n" : `Unknown command: ${verb}\n`);
    return 1;
  }
  const file = rest.find((arg) => !arg.startsWith("--")) ?? DEFAULT_DUMP;
  const xml = serializeHierarchy(ui.snapshot());
  if (file === "/dev/tty") stdout(xml);
  else {
    const failure = state.fs.write(file, Buffer.from(xml));
    if (failure) {
      stderr(`ERROR: could not write ${file}: ${strerror(failure)}\n`);
      return 1;
    }
  }
  // "hierchary" (sic): Android's own spelling.
  stdout(`UI hierchary dumped to: ${file}\n`);
  return 0;
};
