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
      stderr(`cat: ${file}: ${state.fs.isDirectory(file) ? "Is a directory" : "No such file or directory"}\n`);
      status = 1;
    }
  }
  return status;
};
