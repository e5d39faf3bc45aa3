import { checkPermissionChange } from "../../device/permissions.ts";
import type { CommandContext } from "../command-types.ts";

/** `pm grant|revoke <pkg> <permission>`: refusals are PackageManager exceptions, printed as `cmd` does (exit 255). */
export function changePermission(ctx: CommandContext, verb: "grant" | "revoke", args: string[]): number {
  const [packageName, permission] = args.filter((a, i, all) => a !== "--user" && all[i - 1] !== "--user");
  if (packageName === undefined || permission === undefined) {
    ctx.stderr(`Error: no ${packageName === undefined ? "package" : "permission"} specified\n`);
    return 255;
  }
  const pkg = ctx.state.packages.get(packageName);
  const check = checkPermissionChange(pkg, packageName, permission, ctx.state.profile.sdk);
  if (!check.ok) {
    ctx.stderr(`Exception occurred while executing '${verb}':\n${check.exception}\n`);
    return 255;
  }
  if (verb === "grant") pkg!.granted.add(permission);
  else pkg!.granted.delete(permission);
  return 0;
}
