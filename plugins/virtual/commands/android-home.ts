import { findAdb } from "../../../android/adb/adb-binary.ts";
import { SDK_TOOLS, writeVirtualSdk, type VirtualSdkTool, type WrittenSdk } from "../../../android/virtual/sdk/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { sdkArgs } from "../command-args.ts";

/**
 * The stand-in executables import this very module to run a tool: it is a lazily loaded command module, so in the
 * bundled CLI it is its own chunk that keeps its export names, and in the per-file build it is its own file.
 */
export { runSdkTool } from "../../../android/virtual/sdk/index.ts";

function parseBootDelay(value: string | undefined): number | "never" | undefined {
  if (value === undefined) return undefined;
  if (value === "never") return "never";
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new ClawperatorError("USAGE", `--boot-delay-ms must be a whole number of ms or "never" (got ${value})`);
  return ms;
}

function parseOmit(value: string | undefined): VirtualSdkTool[] {
  if (value === undefined || value === "") return [];
  const tools = value.split(",").map((t) => t.trim());
  const bad = tools.find((t) => !(SDK_TOOLS as readonly string[]).includes(t));
  if (bad !== undefined) throw new ClawperatorError("USAGE", `--omit takes ${SDK_TOOLS.join(", ")} (got ${bad})`);
  return tools as VirtualSdkTool[];
}

function adbOrUndefined(configured: string | undefined): string | undefined {
  try {
    return findAdb(configured);
  } catch {
    return undefined;
  }
}

/** `virtual android-home --out <dir>`: an Android SDK stand-in for trying the emulator flow (and testing one) without an SDK. */
const androidHome: CommandHandler<typeof sdkArgs> = {
  run({ args, config }) {
    const dir = args.out ?? args.dir;
    if (!dir) throw new ClawperatorError("USAGE", "virtual android-home: name the folder to write, with --out <dir>", { hint: "clawperator virtual android-home --out ~/virtual-android-sdk" });
    const bootDelayMs = parseBootDelay(args.bootDelayMs);
    const adb = adbOrUndefined(config.adbPath);
    const written = writeVirtualSdk(dir, {
      entry: import.meta.url,
      omit: parseOmit(args.omit),
      config: {
        ...(args.scenario === undefined ? {} : { scenario: args.scenario }),
        ...(bootDelayMs === undefined ? {} : { bootDelayMs }),
        register: args.register !== false,
        failImageInstall: Boolean(args.failImageInstall),
      },
      ...(adb ? { adb } : {}),
    });
    return { ...written, env: { ANDROID_HOME: written.root, ANDROID_SDK_ROOT: written.root } };
  },
  pretty(result) {
    const { root, config } = result as WrittenSdk;
    return [
      `Android SDK stand-in written to ${root} (emulator boot ${config.bootDelayMs === "never" ? "never completes" : `takes ${config.bootDelayMs} ms`}).`,
      "Use it for the emulator commands:",
      `  export ANDROID_HOME=${root}`,
      "  clawperator provision emulator --output pretty",
    ].join("\n");
  },
};

export default androidHome;
