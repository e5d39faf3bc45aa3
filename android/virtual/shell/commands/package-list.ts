import type { CommandContext } from "../command-types.ts";

/** `pm list packages [-3] [-s] [-f] [-U] [filter]`: `package:<name>` lines in install order. */
export function listPackages(ctx: CommandContext, args: string[]): number {
  let thirdParty = false;
  let system = false;
  let showPath = false;
  let showUid = false;
  let filter: string | undefined;
  for (const arg of args) {
    if (arg === "-3") thirdParty = true;
    else if (arg === "-s") system = true;
    else if (arg === "-f") showPath = true;
    else if (arg === "-U") showUid = true;
    else if (arg === "--user") continue;
    else if (/^(-[deiu]|\d+|--show-versioncode)$/.test(arg)) continue;
    else if (arg.startsWith("-")) {
      ctx.stderr(`Error: Unknown option: ${arg}\n`);
      return 255;
    } else filter = arg;
  }
  let out = "";
  for (const pkg of ctx.state.packages.list()) {
    if ((thirdParty && pkg.system) || (system && !pkg.system)) continue;
    if (filter !== undefined && !pkg.packageName.includes(filter)) continue;
    out += `package:${showPath ? `${pkg.codePath}=` : ""}${pkg.packageName}${showUid ? ` uid:${pkg.uid}` : ""}\n`;
  }
  ctx.stdout(out);
  return 0;
}
