import { renderScreenPng } from "../../render/index.ts";
import { strerror } from "../../device/errno.ts";
import type { Command } from "../command-types.ts";

/** `screencap [-p] [file]`: a PNG of the current screen, to stdout or into the device's storage. */
export const screencap: Command = ({ args, stdout, stderr, state, ui }) => {
  const files = args.filter((arg) => !arg.startsWith("-"));
  const unknown = args.find((arg) => arg.startsWith("-") && arg !== "-p");
  if (unknown !== undefined || files.length > 1) {
    stderr(`usage: screencap [-hp] [-d display-id] [FILENAME]\n`);
    return 1;
  }
  const { width, height } = state.profile.screen;
  const png = renderScreenPng(ui.snapshot(), { width, height });
  const [file] = files;
  if (file === undefined) {
    stdout(png);
    return 0;
  }
  const failure = state.fs.write(file, png);
  if (failure) {
    stderr(`Error opening file: ${file} (${strerror(failure)})\n`);
    return 1;
  }
  return 0;
};
