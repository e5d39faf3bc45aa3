import { strerror } from "../../device/errno.ts";
import type { Command } from "../command-types.ts";

/**
 * toybox `rm [-fRr] FILE...`: removes files, and directories with -r/-R; -f is silent about missing files. Each
 * failure prints `rm: <path>: <strerror>` and the rest are still removed; any failure exits 1.
 */
export const rm: Command = ({ args, stderr, state }) => {
  const flags = new Set<string>();
  const paths: string[] = [];
  for (const arg of args) {
    if (/^-[fiRr]+$/.test(arg) && paths.length === 0) for (const flag of arg.slice(1)) flags.add(flag);
    else paths.push(arg);
  }
  const force = flags.has("f");
  const recursive = flags.has("r") || flags.has("R");
  if (paths.length === 0 && !force) {
    stderr("rm: Needs 1 argument\n");
    return 1;
  }
  let status = 0;
  for (const path of paths) {
    const stat = state.fs.stat(path, { follow: false });
    if (typeof stat === "string") {
      if (stat === "ENOENT" && force) continue;
      stderr(`rm: ${path}: ${strerror(stat)}\n`);
      status = 1;
      continue;
    }
    // Without -r even an empty directory fails: toybox unlinks it like a file, which Linux refuses.
    const problem = stat.type === "dir" && !recursive ? "EISDIR" : state.fs.remove(path, { recursive });
    if (problem) {
      stderr(`rm: ${path}: ${strerror(problem)}\n`);
      status = 1;
    }
  }
  return status;
};
