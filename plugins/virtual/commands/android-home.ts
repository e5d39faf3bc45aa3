import type { WrittenSdk } from "../../../android/virtual/sdk/index.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { sdkArgs } from "../command-args.ts";

/**
 * The stand-in executables import this very module to run a tool: it is a lazily loaded command module, so in the
 * bundled CLI it is its own chunk that keeps its export names, and in the per-file build it is its own file. It
 * stays small (the tools and the writer load on demand) because every stand-in call starts by importing it.
 */
export { runSdkTool } from "../../../android/virtual/sdk/run-sdk-tool.ts";

/**
 * `virtual android-home --out <dir>`: an Android SDK stand-in for trying the emulator flow (and testing one) without an
 * SDK.
 */
const androidHome: CommandHandler<typeof sdkArgs> = {
  async run(ctx) {
    const { writeAndroidHome } = await import("../write-android-home.ts");
    return writeAndroidHome(ctx, import.meta.url);
  },
  pretty(result) {
    const { root, config } = result as WrittenSdk;
    return [
      `Android SDK stand-in written to ${root} (emulator boot ` +
        `${config.bootDelayMs === "never" ? "never completes" : `takes ${config.bootDelayMs} ms`}).`,
      "Use it for the emulator commands:",
      `  export ANDROID_HOME=${root}`,
      "  clawperator provision emulator --output pretty",
    ].join("\n");
  },
};

export default androidHome;
