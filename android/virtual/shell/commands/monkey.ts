import type { Command } from "../command-types.ts";
import { startProcess } from "./launch-log.ts";

/**
 * `monkey -p <pkg> [-c <category>] [-v] <count>`: the usual way scripts launch an app by package. The first event
 * launches the app; the virtual device injects no random events after it.
 */
export const monkey: Command = (ctx) => {
  const packages: string[] = [];
  let count: number | undefined;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i]!;
    if (arg === "-p") packages.push(ctx.args[++i] ?? "");
    else if (arg === "-c" || arg === "-s" || arg === "--throttle" || arg === "--pct-syskeys") i++;
    else if (/^\d+$/.test(arg)) count = Number(arg);
  }
  ctx.stdout(ctx.args.map((arg) => `  bash arg: ${arg}\n`).join(""));
  if (count === undefined) {
    ctx.stderr("** Error: Count not specified\n");
    return 1;
  }
  const launchable = packages.find((pkg) => ctx.state.packages.get(pkg) !== undefined && ctx.ui.openApp(pkg));
  if (launchable === undefined) {
    ctx.stderr("** No activities found to run, monkey aborted.\n");
    return 252;
  }
  startProcess(ctx, launchable, `top-activity {${launchable}/.MainActivity}`);
  ctx.stdout(
    `Events injected: ${count}\n## Network stats: elapsed time=1ms (0ms mobile, 0ms wifi, 1ms not connected)\n`,
  );
  return 0;
};
