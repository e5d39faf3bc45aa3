import { DeviceLocks } from "../../core/execution/device-lock.ts";
import { definePlugin } from "../../core/kernel/index.ts";
import { AgentViews } from "../../core/services/agent-views.ts";
import { DeviceControl } from "../../core/services/device-control.ts";
import { DeviceLeases } from "../../core/services/device-leases.ts";
import { Transport } from "../../core/services/transport.ts";
import { DEVICE_COMMANDS } from "./command-manifest.ts";
import { DEVICE_ROUTES } from "./route-manifest.ts";

/**
 * The device tools agents reach for beside executions, host-side over the Transport: keys, gestures, rotation, apps
 * (list, install, uninstall, launch), the device log and facts, a screenshot's bytes. The DeviceControl service
 * (what the agent tools and the programmatic API call), the `device` and `apps` commands and their HTTP routes. Each
 * call holds the device's lock, as executions do; one that may change the screen makes earlier refs stale.
 */
export default definePlugin({
  name: "device",
  setup(ctx) {
    ctx.services.register(DeviceControl, {
      useFactory: (services) => {
        let control: DeviceControl | undefined;
        const load = async () => {
          if (control) return control;
          const { createDeviceControl } = await import("./control/create-device-control.js");
          control = createDeviceControl({
            transport: () => services.resolve(Transport),
            locks: new DeviceLocks(),
            ...(ctx.config.deviceId ? { deviceId: ctx.config.deviceId } : {}),
            views: () => (services.isRegistered(AgentViews) ? services.resolve(AgentViews) : undefined),
            leases: () => services.resolve(DeviceLeases),
          });
          return control;
        };
        const lazy = {} as Record<keyof DeviceControl, unknown>;
        for (const method of [
          "key",
          "swipe",
          "rotation",
          "apps",
          "install",
          "uninstall",
          "launch",
          "logs",
          "info",
          "screenshot",
        ] as const)
          lazy[method] = async (...args: unknown[]) =>
            ((await load())[method] as (...a: unknown[]) => Promise<unknown>)(...args);
        return lazy as DeviceControl;
      },
    });
    ctx.commands.group({ path: ["device"], description: "Keys, gestures, rotation, logs and facts of a device" });
    ctx.commands.group({ path: ["device", "rotation"], description: "The screen's orientation" });
    ctx.commands.group({ path: ["apps"], description: "Apps on a device: list, install, uninstall, launch" });
    for (const command of DEVICE_COMMANDS) ctx.commands.add(command);
    for (const route of DEVICE_ROUTES) ctx.routes.add(route);
  },
});
