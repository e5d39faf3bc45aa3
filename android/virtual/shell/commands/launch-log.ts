import type { CommandContext } from "../command-types.ts";

/** Screens have no activity classes; each app is shown as its launcher activity `.MainActivity`. */
export const activityOf = (packageName: string): string => `${packageName}/.MainActivity`;

/** Starts the app's process if it is not running, logging it as ActivityManager does. */
export function startProcess(ctx: CommandContext, packageName: string, reason: string): void {
  const { processes, packages, log } = ctx.state;
  if (processes.running(packageName) !== undefined) return;
  const pid = processes.pidOf(packageName);
  const uid = packages.get(packageName)?.uid ?? 0;
  log.write("I", "ActivityManager", `Start proc ${pid}:${packageName}/u0a${uid - 10_000} for ${reason}`);
}
