import { definePlugin } from "../../core/kernel/index.ts";
import { AdbTransport } from "./client/adb-transport.ts";

/** The adb transport (the `adb` server and binary) and the commands that only need adb. */
export default definePlugin({
  name: "adb",
  setup(ctx) {
    ctx.transports.add({
      name: "adb",
      description: "Android Debug Bridge: USB, Wi-Fi, emulators and virtual devices",
      create: ({ config }) => new AdbTransport(config.adbPath ? { adbPath: config.adbPath } : {}),
    });
    ctx.commands.add({ path: ["devices"], description: "List connected Android devices and their states", load: () => import("./commands/devices.js") });
    ctx.commands.group({ path: ["packages"], description: "Installed packages on a device" });
    ctx.commands.add({
      path: ["packages", "list"],
      description: "List installed application ids on a device",
      args: { "third-party": { type: "boolean", description: "Only third-party packages" } },
      load: () => import("./commands/packages-list.js"),
    });
  },
});
