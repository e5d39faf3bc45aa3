import { findAdb } from "../../android/adb/adb-binary.ts";
import { SDK_TOOLS, writeVirtualSdk, type VirtualSdkTool, type WrittenSdk } from "../../android/virtual/sdk/index.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { CommandArgs, CommandRunContext } from "../../core/kernel/index.ts";
import type { sdkArgs } from "./command-args.ts";

function parseBootDelay(value: string | undefined): number | "never" | undefined {
  if (value === undefined) return undefined;
  if (value === "never") return "never";
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new ClawperatorError("USAGE", `--boot-delay-ms must be a whole number of ms or "never" (got ${value})`);
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

/** Writes the SDK stand-in `virtual android-home` asked for; `entry` is the module the stand-ins import to run. */
export function writeAndroidHome(
  args: CommandArgs<typeof sdkArgs>,
  { config }: Pick<CommandRunContext, "config">,
  entry: string,
) {
  const dir = args.out ?? args.dir;
  if (!dir)
    throw new ClawperatorError("USAGE", "virtual android-home: name the folder to write, with --out <dir>", {
      hint: "clawperator virtual android-home --out ~/virtual-android-sdk",
    });
  const bootDelayMs = parseBootDelay(args.bootDelayMs);
  const omit = parseOmit(args.omit);
  const adb = adbOrUndefined(config.adbPath);
  let written: WrittenSdk;
  try {
    written = writeVirtualSdk(dir, {
      entry,
      omit,
      config: {
        ...(args.scenario === undefined ? {} : { scenario: args.scenario }),
        ...(bootDelayMs === undefined ? {} : { bootDelayMs }),
        register: args.register !== false,
        failImageInstall: Boolean(args.failImageInstall),
      },
      ...(adb ? { adb } : {}),
    });
  } catch (error) {
    // A folder that cannot be written (permissions, a file in the way) is the user's to fix.
    const errno = (error as NodeJS.ErrnoException).code;
    if (typeof errno !== "string" || !errno.startsWith("E")) throw error;
    throw new ClawperatorError("USAGE", `cannot write the SDK stand-in to ${dir}: ${(error as Error).message}`, {
      details: { dir, errno },
    });
  }
  return { ...written, env: { ANDROID_HOME: written.root, ANDROID_SDK_ROOT: written.root } };
}
