import { ApkReadError, readApkManifest } from "../../../apk/read-apk-manifest.ts";
import { APK_ACCESSIBILITY_SERVICE } from "../../protocol/operator-apk-facts.ts";
import { isZip } from "../../apk/zip-store.ts";
import { operatorLaunchScreen } from "../../device/accessibility.ts";
import { decodeVirtualApk, VIRTUAL_APK_FORMAT, type DecodedApk } from "../../device/virtual-apk.ts";
import type { CommandContext } from "../command-types.ts";

/** Install session ids, per device, so output repeats run to run. */
const sessions = new WeakMap<object, number>();

const parseFailure = (session: number, code: string, reason: string) =>
  `Failure [${code}: Failed parse during installPackageLi: /data/app/vmdl${session}.tmp/base.apk (at Binary ` +
  `XML file line #-1): ${reason}]\n`;

/**
 * `pm install` / `cmd package install [-r] [-t] [-g] [-d] [-S <bytes>] [path]`: a virtual APK from stdin (exactly
 * the announced bytes: the adb stream may stay open) or from a file on the device. Prints `Success` or `Failure [...]`.
 */
export async function installPackage(ctx: CommandContext, args: string[]): Promise<number> {
  let size: number | undefined;
  let grantAll = false;
  let allowDowngrade = false;
  let path: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-S") size = Number(args[++i]);
    else if (arg === "-g") grantAll = true;
    else if (arg === "-d") allowDowngrade = true;
    else if (arg === "--user" || arg === "-i" || arg === "--install-reason") i++;
    else if (!arg.startsWith("-")) path = arg;
  }
  let bytes: Buffer;
  if (size !== undefined) {
    if (!Number.isInteger(size) || size < 0) {
      ctx.stderr(`Error: Size must be a non-negative integer: ${args[args.indexOf("-S") + 1]}\n`);
      return 255;
    }
    bytes = await ctx.stdin.read(size, ctx.signal);
  } else if (path !== undefined) {
    const file = ctx.state.fs.read(path);
    if (!file) {
      ctx.stderr(`Error: Unable to open file: ${path}\nConsider using a file under /data/local/tmp/\n`);
      return 1;
    }
    bytes = file;
  } else {
    bytes = await ctx.stdin.readAll(ctx.signal);
  }

  const session = sessions.get(ctx.state) ?? 1234;
  sessions.set(ctx.state, session + 1);
  const decoded = isZip(bytes) ? await decodeRealApk(bytes) : decodeVirtualApk(bytes);
  if (!decoded.ok) {
    ctx.stdout(
      decoded.reason === "not_apk"
        ? parseFailure(session, "INSTALL_PARSE_FAILED_NOT_APK", "Failed to read manifest from APK")
        : parseFailure(session, "INSTALL_PARSE_FAILED_MANIFEST_MALFORMED", decoded.message),
    );
    return 1;
  }
  const { apk } = decoded;
  const current = ctx.state.packages.get(apk.package);
  if (current && current.versionCode > apk.versionCode && !allowDowngrade) {
    ctx.stdout(
      `Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code ${apk.versionCode} ` +
        `is older than current ${current.versionCode}]\n`,
    );
    return 1;
  }
  if (current) {
    ctx.state.processes.kill(apk.package);
    ctx.ui.forceStop(apk.package);
  }
  ctx.state.packages.install({
    packageName: apk.package,
    label: apk.label,
    versionName: apk.versionName,
    versionCode: apk.versionCode,
    system: current?.system ?? false,
    operator: apk.operator,
    ...(apk.launchScreen === undefined ? {} : { launchScreen: apk.launchScreen }),
    granted: grantAll ? (apk.permissions ?? []) : [],
    ...(apk.permissions === undefined ? {} : { requested: apk.permissions }),
  });
  ctx.stdout("Success\n");
  return 0;
}

/**
 * A real APK (a ZIP with a binary AndroidManifest.xml): package, versions, label and requested permissions from its
 * manifest. It is the Operator when it declares the Operator's accessibility service; the device then runs its
 * virtual operator for it.
 */
async function decodeRealApk(bytes: Buffer): Promise<DecodedApk> {
  try {
    const manifest = await readApkManifest(bytes);
    const operator = manifest.services.includes(APK_ACCESSIBILITY_SERVICE);
    return {
      ok: true,
      apk: {
        format: VIRTUAL_APK_FORMAT,
        package: manifest.package,
        label: manifest.label ?? manifest.package,
        versionName: manifest.versionName,
        versionCode: manifest.versionCode,
        operator,
        // An Operator's launcher activity shows the scenario's Operator screen, when the scenario has one.
        ...(operator && manifest.launcherActivities.length
          ? { launchScreen: operatorLaunchScreen(manifest.package) }
          : {}),
        permissions: manifest.permissions,
      },
    };
  } catch (error) {
    if (!(error instanceof ApkReadError)) throw error;
    return error.reason === "not_apk"
      ? { ok: false, reason: "not_apk" }
      : { ok: false, reason: "malformed", message: error.message };
  }
}
