import { defineCliCommand, definePlugin } from "../../core/kernel/index.ts";
import { ADB_CHECKS } from "./checks/index.ts";
import { packagesListArgs } from "./command-args.ts";
import createAdbTransport from "./transport-factory.ts";

/**
 * The adb transport (the `adb` server and binary), the commands that only need adb, and doctor's host and device
 * checks.
 */
export default definePlugin({
  name: "adb",
  setup(ctx) {
    ctx.transports.add({
      name: "adb",
      description: "Android Debug Bridge: USB, Wi-Fi, emulators and virtual devices",
      // Imported with the plugin: nearly every command reaches a device, and a lazy import would be one more file
      // for each of them to load.
      create: createAdbTransport,
    });
    ctx.commands.add(
      defineCliCommand({
        path: ["devices"],
        description: "List connected Android devices and their states",
        load: () => import("./commands/devices.js"),
      }),
    );
    ctx.commands.group({ path: ["packages"], description: "Installed packages on a device" });
    ctx.commands.add(
      defineCliCommand({
        path: ["packages", "list"],
        description: "List installed application ids on a device",
        args: packagesListArgs,
        load: () => import("./commands/packages-list.js"),
      }),
    );
    for (const check of ADB_CHECKS) ctx.checks.add(check);
  },
});
