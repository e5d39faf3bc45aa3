import type { Command, CommandContext } from "../command-types.ts";
import { installPackage } from "./package-install.ts";
import { listPackages } from "./package-list.ts";
import { changePermission } from "./package-permissions.ts";

/** `pm path <pkg>`: `package:<codePath>`; nothing and exit 1 when it is not installed. */
function packagePath(ctx: CommandContext, packageName: string | undefined): number {
  const pkg = packageName === undefined ? undefined : ctx.state.packages.get(packageName);
  if (!pkg) return 1;
  ctx.stdout(`package:${pkg.codePath}\n`);
  return 0;
}

/** `pm clear <pkg>`: the app's data goes and its process dies. */
function clearPackage(ctx: CommandContext, packageName: string | undefined): number {
  if (packageName === undefined || !ctx.state.packages.get(packageName)) {
    ctx.stdout("Failed\n");
    return 1;
  }
  ctx.state.processes.kill(packageName);
  ctx.ui.forceStop(packageName);
  ctx.stdout("Success\n");
  return 0;
}

/**
 * `pm uninstall [-k] [--user N] <pkg>` (what `adb uninstall` runs): `Success`, or Android's failure line and exit 1
 * for a package that is not installed. The app's process dies with it.
 */
function uninstallPackage(ctx: CommandContext, args: string[]): number {
  const packageName = args.filter((a, i, all) => !a.startsWith("-") && all[i - 1] !== "--user").at(-1);
  if (packageName === undefined || !ctx.state.packages.get(packageName)) {
    ctx.stdout("Failure [DELETE_FAILED_INTERNAL_ERROR]\n");
    return 1;
  }
  ctx.state.processes.kill(packageName);
  ctx.state.packages.uninstall(packageName);
  ctx.stdout("Success\n");
  return 0;
}

/** The package service's shell commands: `pm ...` and `cmd package ...` are the same code on Android. */
export async function packageCommand(ctx: CommandContext, args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  switch (verb) {
    case "list":
      if (rest[0] === "packages") return listPackages(ctx, rest.slice(1));
      ctx.stderr(`Error: unknown list type '${rest[0] ?? ""}'\n`);
      return 255;
    case "path":
      return packagePath(ctx, rest.filter((a, i, all) => a !== "--user" && all[i - 1] !== "--user")[0]);
    case "grant":
    case "revoke":
      return changePermission(ctx, verb, rest);
    case "clear":
      return clearPackage(ctx, rest.filter((a, i, all) => a !== "--user" && all[i - 1] !== "--user")[0]);
    case "install":
      return installPackage(ctx, rest);
    case "uninstall":
      return uninstallPackage(ctx, rest);
    case undefined:
      ctx.stderr("Package manager (package) commands:\n  help\n    Print this help text.\n");
      return 255;
    default:
      ctx.stderr(`Unknown command: ${verb}\n`);
      return 255;
  }
}

export const pm: Command = (ctx) => packageCommand(ctx, ctx.args);

/** `cmd <service> ...`: only the package service is reachable here. */
export const cmd: Command = (ctx) => {
  const [service, ...rest] = ctx.args;
  if (service === "package") return packageCommand(ctx, rest);
  ctx.stderr(`cmd: Can't find service: ${service ?? ""}\n`);
  return 20;
};
