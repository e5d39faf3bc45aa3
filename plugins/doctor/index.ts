import { defineCliCommand, definePlugin } from "../../core/kernel/index.ts";
import { doctorArgs } from "./doctor-args.ts";

/**
 * `clawperator doctor`: orders, runs and renders the checks other plugins contribute (adb: host and device,
 * operator: readiness, third-party plugins: their own). It owns no check itself.
 */
export default definePlugin({
  name: "doctor",
  setup(ctx) {
    ctx.commands.add(
      defineCliCommand({
        path: ["doctor"],
        description: "Check the host, the device and the Operator are ready (--fix, --full, --check-only)",
        args: doctorArgs,
        load: () => import("./commands/doctor.js"),
      }),
    );
  },
});
