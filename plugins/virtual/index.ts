import { defineCommand, definePlugin } from "../../core/kernel/index.ts";
import { operatorApkArgs, sdkArgs, startArgs, stopArgs } from "./command-args.ts";

/** The virtual device as CLI commands: start / list / stop, and the demo that shows the whole path. */
export default definePlugin({
  name: "virtual",
  // `virtual start` waits for the device through the transport; `demo` runs executions through the operator pipeline.
  dependsOn: ["adb", "operator"],
  setup(ctx) {
    ctx.commands.group({
      path: ["virtual"],
      description: "Virtual Android devices reached through real adb (no phone needed)",
    });
    ctx.commands.add(
      defineCommand({
        path: ["virtual", "start"],
        description: "Start a virtual device, connect it to adb and print its serial",
        args: startArgs,
        load: () => import("./commands/start.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["virtual", "list"],
        description: "List running virtual devices",
        load: () => import("./commands/list.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["virtual", "stop"],
        description: "Stop a virtual device",
        args: stopArgs,
        load: () => import("./commands/stop.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["virtual", "android-home"],
        description: "Write an Android SDK stand-in (sdkmanager, avdmanager, emulator) for the emulator commands",
        args: sdkArgs,
        load: () => import("./commands/android-home.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["virtual", "operator-apk"],
        description: "Write an Operator APK file (release or debug, any version) that virtual devices install",
        args: operatorApkArgs,
        load: () => import("./commands/operator-apk.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["demo"],
        description:
          "Watch Clawperator work: a virtual device, readiness checks, a snapshot, an execution and a screenshot",
        load: () => import("./commands/demo.js"),
      }),
    );
  },
});
