import type { Command } from "../command-types.ts";

/** `sh -c '<line>'` runs the line in a child shell; `sh <file>` runs a script from the device's storage. */
export const sh: Command = async (ctx) => {
  const [flag, line] = ctx.args;
  if (flag === "-c") {
    if (line === undefined) {
      ctx.stderr("/system/bin/sh: -c: option requires an argument\n");
      return 1;
    }
    return ctx.runScript(line, ctx);
  }
  if (flag === undefined) return ctx.runScript((await ctx.stdin.readAll(ctx.signal)).toString("utf8"), ctx);
  const script = ctx.state.fs.read(flag);
  if (!script) {
    ctx.stderr(`/system/bin/sh: ${flag}: No such file or directory\n`);
    return 127;
  }
  return ctx.runScript(script.toString("utf8"), ctx);
};
