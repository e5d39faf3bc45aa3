import { serializeHierarchy } from "../../tree/index.ts";
import { strerror } from "../../device/errno.ts";
import type { Command } from "../command-types.ts";

const DEFAULT_DUMP = "/sdcard/window_dump.xml";

/**
 * `uiautomator dump [--compressed] [file]`: the screen as uiautomator XML; `/dev/tty` prints it instead. Like
 * Android's DumpCommand, which dumps `getRootInActiveWindow()`, only the window in front: a dialog over an app
 * dumps the dialog alone (the Operator's snapshot shows every window).
 */
export const uiautomator: Command = ({ args, stdout, stderr, state, ui }) => {
  const [verb, ...rest] = args;
  if (verb !== "dump") {
    stderr(verb === undefined ? "Usage: uiautomator <subcommand> [options]\n" : `Unknown command: ${verb}\n`);
    return 1;
  }
  const file = rest.find((arg) => !arg.startsWith("--")) ?? DEFAULT_DUMP;
  const screen = ui.snapshot();
  const xml = serializeHierarchy({ ...screen, windows: screen.windows.slice(0, 1) });
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
