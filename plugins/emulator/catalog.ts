import { AVD_NAME, listAvdNames, readAvdMetadata, unsupportedReasons } from "../../android/avd/index.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { EmulatorContext } from "./emulator-context.ts";
import type { EmulatorAvd, RunningEmulator } from "./types.ts";

/**
 * The configured AVDs, read from the AVD folder as the spec's flow says ("inspect configured AVDs from
 * ~/.android/avd/"), which is what `emulator -list-avds` reads too, without a process per call. The emulator
 * tool must still be installed: an AVD is of no use without it, so its absence is reported here already.
 */
function avdNames(ctx: EmulatorContext): string[] {
  ctx.tools.path("emulator");
  return listAvdNames(ctx.avdHome);
}

/** The normalized view of one AVD with the support rule applied. */
export function describeAvd(ctx: EmulatorContext, name: string, runningNames: ReadonlySet<string>): EmulatorAvd {
  const meta = readAvdMetadata(ctx.avdHome, name);
  const reasons = meta.exists ? unsupportedReasons(meta, ctx.profile) : [];
  return {
    name,
    exists: meta.exists,
    running: runningNames.has(name),
    supported: meta.exists && reasons.length === 0,
    apiLevel: meta.apiLevel,
    abi: meta.abi,
    playStore: meta.playStore,
    deviceProfile: meta.deviceProfile,
    systemImage: meta.systemImage,
    unsupportedReasons: reasons,
  };
}

/** Emulators adb lists, named by their consoles, with boot state and the support rule of their AVD. */
export async function runningEmulators(ctx: EmulatorContext): Promise<RunningEmulator[]> {
  const listed = await ctx.adb.listEmulators();
  return Promise.all(
    listed.map(async ({ serial, state }) => {
      const avdName = (await ctx.adb.avdName(serial)) ?? null;
      const booted = state === "device" && (await ctx.adb.bootCompleted(serial));
      const avd = avdName === null ? undefined : describeAvd(ctx, avdName, new Set());
      // An emulator whose AVD is not in this host's AVD folder cannot be checked, so it is not supported.
      const supported = avd?.supported ?? false;
      return {
        type: "emulator" as const,
        avdName,
        serial,
        booted,
        supported,
        unsupportedReasons: avd?.unsupportedReasons ?? [],
      };
    }),
  );
}

export async function listAvds(ctx: EmulatorContext): Promise<EmulatorAvd[]> {
  const names = avdNames(ctx);
  const running = await runningEmulators(ctx);
  const runningNames = new Set(running.map((r) => r.avdName).filter((n): n is string => n !== null));
  return names.map((name) => describeAvd(ctx, name, runningNames));
}

export function checkAvdName(name: string): void {
  if (!AVD_NAME.test(name)) {
    throw new ClawperatorError("USAGE", `"${name}" is not an AVD name (letters, digits, ".", "_" and "-" only)`, {
      details: { name },
    });
  }
}

/** One AVD; EMULATOR_NOT_FOUND when it does not exist. */
export async function inspectAvd(ctx: EmulatorContext, name: string): Promise<EmulatorAvd> {
  checkAvdName(name);
  ctx.tools.path("emulator");
  const running = await runningEmulators(ctx);
  const avd = describeAvd(ctx, name, new Set(running.map((r) => r.avdName).filter((n): n is string => n !== null)));
  if (!avd.exists) throw notFound(ctx, name);
  return avd;
}

export function notFound(ctx: EmulatorContext, name: string): ClawperatorError {
  return new ClawperatorError("EMULATOR_NOT_FOUND", `no Android Virtual Device named "${name}"`, {
    hint: "List AVDs with `clawperator emulator list`, or create the default one with `clawperator emulator create`.",
    details: { name, avdHome: ctx.avdHome, available: listAvdNames(ctx.avdHome) },
  });
}
