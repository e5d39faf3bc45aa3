import { defineCliCommand, definePlugin } from "../../core/kernel/index.ts";
import {
  backArgs,
  operatorApkArgs,
  scrollArgs,
  sdkArgs,
  startArgs,
  stopArgs,
  touchArgs,
  typeArgs,
} from "./command-args.ts";

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
      defineCliCommand({
        path: ["virtual", "start"],
        description: "Start a virtual device, connect it to adb and print its serial",
        args: startArgs,
        hiddenArgs: ["unauthorized"],
        load: () => import("./commands/start.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "list"],
        description: "List running virtual devices",
        load: () => import("./commands/list.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "stop"],
        description: "Stop a virtual device",
        args: stopArgs,
        load: () => import("./commands/stop.js"),
      }),
    );
    // A person's input (the human channel): recorded as a phone records a finger, unlike `adb shell input`.
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "touch"],
        description: "Touch the virtual device's screen as a person would: --text, --id, --desc or --at x,y",
        args: touchArgs,
        load: () => import("./commands/touch.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "type"],
        description: "Type on the virtual device as a person would, one key per character",
        args: typeArgs,
        load: () => import("./commands/type.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "back"],
        description: "Press Back on the virtual device as a person would",
        args: backArgs,
        load: () => import("./commands/back.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "scroll"],
        description: "Swipe the virtual device's screen as a person would (--direction)",
        args: scrollArgs,
        load: () => import("./commands/scroll.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "android-home"],
        description: "Write an Android SDK stand-in (sdkmanager, avdmanager, emulator) for the emulator commands",
        args: sdkArgs,
        // The emulator's failure paths, for tests of the emulator flow (docs/virtual-device.md).
        hiddenArgs: ["bootDelayMs", "register", "failImageInstall", "omit"],
        load: () => import("./commands/android-home.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["virtual", "operator-apk"],
        description: "Write an Operator APK file (release or debug) that virtual devices install",
        args: operatorApkArgs,
        // Another version than the reference release: an outdated or incompatible Operator, for doctor's tests.
        hiddenArgs: ["version-name", "version-code"],
        load: () => import("./commands/operator-apk.js"),
      }),
    );
    ctx.commands.add(
      defineCliCommand({
        path: ["demo"],
        description:
          "Watch Clawperator work: a virtual device, readiness checks, a snapshot, an execution and a screenshot",
        load: () => import("./commands/demo.js"),
      }),
    );
  },
});
