import { definePlugin } from "../../core/kernel/index.ts";

/** The virtual device as CLI commands: start / list / stop, and the demo that shows the whole path. */
export default definePlugin({
  name: "virtual",
  setup(ctx) {
    ctx.commands.group({ path: ["virtual"], description: "Virtual Android devices reached through real adb (no phone needed)" });
    ctx.commands.add({
      path: ["virtual", "start"],
      description: "Start a virtual device, connect it to adb and print its serial",
      args: {
        scenario: { type: "string", description: "Built-in scenario (default, fresh) or a scenario file (JSON/YAML)", default: "default" },
        port: { type: "string", description: "adb port to listen on (default: a free one; 5555-5585 with --emulator)" },
        emulator: { type: "boolean", description: "Appear as emulator-<port-1>, with an emulator console" },
        detach: { type: "boolean", description: "Run in the background and return once the device is ready" },
        unauthorized: { type: "boolean", description: "Refuse adb authorization (adb lists it as unauthorized)" },
      },
      load: () => import("./commands/start.js"),
    });
    ctx.commands.add({ path: ["virtual", "list"], description: "List running virtual devices", load: () => import("./commands/list.js") });
    ctx.commands.add({
      path: ["virtual", "stop"],
      description: "Stop a virtual device",
      args: {
        serial: { type: "positional", required: false, description: "Serial printed by virtual start" },
        all: { type: "boolean", description: "Stop every running virtual device" },
      },
      load: () => import("./commands/stop.js"),
    });
    ctx.commands.add({
      path: ["demo"],
      description: "Watch Clawperator work: a virtual device, readiness checks, a snapshot, an execution and a screenshot",
      load: () => import("./commands/demo.js"),
    });
  },
});
