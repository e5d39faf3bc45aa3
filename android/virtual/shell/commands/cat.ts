import { strerror } from "../../device/errno.ts";
import type { Command } from "../command-types.ts";

/** toybox cat: files in order, `-` or nothing for stdin; a missing file is reported and the rest still print. */
export const cat: Command = async ({ args, stdin, stdout, stderr, state, signal }) => {
  const files = args.length === 0 ? ["-"] : args;
  let status = 0;
  for (const file of files) {
    if (file === "-") {
      stdout(await stdin.readAll(signal));
      continue;
    }
    const data = state.fs.read(file);
    if (data) stdout(data);
    else {
      stderr(`cat: ${file}: ${strerror(state.fs.readProblem(file) ?? "ENOENT")}\n`);
      status = 1;
    }
  }
  return status;
};
