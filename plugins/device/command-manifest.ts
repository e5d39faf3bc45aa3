import { type AnyCommandDefinition, defineCliCommand } from "../../core/kernel/index.ts";
import { apkArgs, appsListArgs, keyArgs, logsArgs, packageArgs, rotationSetArgs, swipeArgs } from "./command-args.ts";
import type { DeviceCommandName } from "./commands/device-commands.ts";

const load = (name: DeviceCommandName) => () =>
  import("./commands/device-commands.js").then((m) => ({ default: m.deviceCommand(name) }));

/** Every command of the device plugin, as data: `--help` lists them without loading their code. */
export const DEVICE_COMMANDS: AnyCommandDefinition[] = [
  defineCliCommand({
    path: ["device", "key"],
    description: "Press an Android key (enter, del, dpad_*, volume_*, power, media keys, KEYCODE_* or a number)",
    args: keyArgs,
    load: load("key"),
  }),
  defineCliCommand({
    path: ["device", "swipe"],
    description: "Swipe, long-press or drag: --from x,y --to x,y, or from a ref in a --direction",
    args: swipeArgs,
    load: load("swipe"),
  }),
  defineCliCommand({
    path: ["device", "rotation", "get"],
    description: "The screen's orientation and whether it follows the sensor",
    load: load("rotation-get"),
  }),
  defineCliCommand({
    path: ["device", "rotation", "set"],
    description: "Lock the screen in an orientation, or let it follow the sensor (auto)",
    args: rotationSetArgs,
    load: load("rotation-set"),
  }),
  defineCliCommand({
    path: ["device", "logs"],
    description: "The device log's last lines (logcat), filtered and bounded, without Clawperator's own",
    args: logsArgs,
    load: load("logs"),
  }),
  defineCliCommand({
    path: ["device", "info"],
    description: "Model, manufacturer, SDK, Android version, screen size and density",
    load: load("info"),
  }),
  defineCliCommand({
    path: ["apps", "list"],
    description: "Installed application ids (same as packages list)",
    args: appsListArgs,
    load: load("apps-list"),
  }),
  defineCliCommand({
    path: ["apps", "install"],
    description: "Install (or replace) an APK",
    args: apkArgs,
    load: load("apps-install"),
  }),
  defineCliCommand({
    path: ["apps", "uninstall"],
    description: "Uninstall an app",
    args: packageArgs,
    load: load("apps-uninstall"),
  }),
  defineCliCommand({
    path: ["apps", "launch"],
    description: "Launch an app's launcher activity (without the Operator APK)",
    args: packageArgs,
    load: load("apps-launch"),
  }),
];
