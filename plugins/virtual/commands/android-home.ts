import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { packageRoot } from "../../../core/package-version.ts";
import { sdkArgs } from "../command-args.ts";

/**
 * The module the stand-in executables import to run a tool: the package's per-file build of run-sdk-tool, whose path
 * is stable (the CLI bundle's chunk names change with every build).
 */
function runSdkToolModule(): string {
  const root = packageRoot();
  if (!root) throw new ClawperatorError("INTERNAL_ERROR", "clawperator's package.json was not found beside its code");
  return pathToFileURL(join(root, "dist", "android", "virtual", "sdk", "run-sdk-tool.js")).href;
}

/**
 * `virtual android-home --out <dir>`: an Android SDK stand-in for trying the emulator flow (and testing one) without an
 * SDK.
 */
const androidHome = defineCommandHandler(sdkArgs, {
  async run(args, ctx) {
    const { writeAndroidHome } = await import("../write-android-home.ts");
    return writeAndroidHome(args, ctx, runSdkToolModule());
  },
  pretty(result) {
    const { root, config } = result;
    return [
      `Android SDK stand-in written to ${root} (emulator boot ` +
        `${config.bootDelayMs === "never" ? "never completes" : `takes ${config.bootDelayMs} ms`}).`,
      "Use it for the emulator commands:",
      `  export ANDROID_HOME=${root}`,
      "  clawperator provision emulator --output pretty",
    ].join("\n");
  },
});

export default androidHome;
