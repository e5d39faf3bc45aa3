import type { Command, CommandContext } from "../command-types.ts";
import { broadcast } from "./am-broadcast.ts";
import { startActivity } from "./am-start.ts";
import { parseIntentArgs } from "./intent-args.ts";

/**
 * `am force-stop <pkg>`: the app's process dies and its screens leave the foreground. Unknown packages: silently
 * nothing.
 */
function forceStop(ctx: CommandContext, args: string[]): number {
  const packageName = args.filter((a, i, all) => a !== "--user" && all[i - 1] !== "--user")[0];
  if (packageName === undefined) {
    ctx.stderr("Error: no package specified\n");
    return 255;
  }
  const pkg = ctx.state.packages.get(packageName);
  if (!pkg) return 0;
  ctx.state.log.write(
    "I",
    "ActivityManager",
    `Force stopping ${packageName} appid=${pkg.uid} user=0: from pid ${ctx.pid}`,
  );
  ctx.ui.forceStop(packageName);
  ctx.state.processes.kill(packageName);
  return 0;
}

/** The activity manager's shell commands the virtual device implements. */
export const am: Command = (ctx) => {
  const [verb, ...rest] = ctx.args;
  if (verb === "force-stop") return forceStop(ctx, rest);
  if (verb === "broadcast" || verb === "start" || verb === "start-activity") {
    const parsed = parseIntentArgs(rest);
    if (!parsed.ok) {
      ctx.stderr(`${parsed.message}\n`);
      return 255;
    }
    return verb === "broadcast" ? broadcast(ctx, parsed.intent) : startActivity(ctx, parsed.intent);
  }
  ctx.stderr(
    verb === undefined
      ? "Activity manager (activity) commands:\n  help\n      Print this help text.\n"
      : `Unknown command: ${verb}\n`,
  );
  return 255;
};
