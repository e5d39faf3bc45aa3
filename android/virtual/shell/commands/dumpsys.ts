import type { Command, CommandContext } from "../command-types.ts";
import { identityHash, packageBlock } from "./dumpsys-package.ts";
import { activityOf } from "./launch-log.ts";

function dumpPackage(ctx: CommandContext, packageName: string | undefined): number {
  const pkg = packageName === undefined ? undefined : ctx.state.packages.get(packageName);
  if (!pkg) {
    // What a real device prints for a package it does not have: section headers, no Packages block.
    ctx.stdout(
      packageName === undefined
        ? ""
        : `Dexopt state:\n  Unable to find package: ${packageName}\n\nCompiler stats:\n` +
            `  Unable to find package: ${packageName}\n`,
    );
    return 0;
  }
  ctx.stdout(packageBlock(pkg, ctx.state.profile.sdk));
  return 0;
}

/** The focused window and resumed activity lines that scripts grep to learn the foreground app. */
function dumpWindow(ctx: CommandContext): number {
  const activity = activityOf(ctx.ui.foregroundPackage());
  ctx.stdout(
    `WINDOW MANAGER WINDOWS (dumpsys window windows)\n` +
      `  mCurrentFocus=Window{${identityHash(`window:${activity}`)} u0 ${activity}}\n` +
      `  mFocusedApp=ActivityRecord{${identityHash(`record:${activity}`)} u0 ${activity} t12}\n`,
  );
  return 0;
}

function dumpActivity(ctx: CommandContext): number {
  const activity = activityOf(ctx.ui.foregroundPackage());
  const record = `ActivityRecord{${identityHash(`record:${activity}`)} u0 ${activity} t12}`;
  ctx.stdout(
    `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n  mResumedActivity: ${record}\n` +
      `  ResumedActivity: ${record}\n  mFocusedApp=${record}\n`,
  );
  return 0;
}

/** `dumpsys package <pkg>`, `dumpsys window`, `dumpsys activity`. */
export const dumpsys: Command = (ctx) => {
  const [service, ...rest] = ctx.args;
  switch (service) {
    case "package":
      return dumpPackage(
        ctx,
        rest.find((a) => !a.startsWith("-")),
      );
    case "window":
      return dumpWindow(ctx);
    case "activity":
      return dumpActivity(ctx);
    default:
      ctx.stderr(`Can't find service: ${service ?? ""}\n`);
      return service === undefined ? 1 : 0;
  }
};
