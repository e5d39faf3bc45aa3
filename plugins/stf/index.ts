import { definePlugin } from "../../core/kernel/index.ts";
import { parseStfOptions } from "./options.ts";

/**
 * Devices leased from a DeviceFarmer STF farm, beside local ones: enabled by a config `stf` block (`url`, the token
 * in CLAWPERATOR_STF_TOKEN or `tokenFile`, `filter`, `leaseIdleMs`). Without one it adds nothing.
 */
export default definePlugin({
  name: "stf",
  setup(ctx) {
    if (ctx.config.stf === undefined) return;
    // A bad block is the user's mistake, told at once, not at the first device call.
    parseStfOptions(ctx.config.stf);
    ctx.transports.add({
      name: "stf",
      description: "DeviceFarmer STF: devices leased from a farm, reached over adb",
      load: () => import("./transport-factory.ts"),
    });
    const checks = [
      { id: "host.stf.api", description: "The STF farm's API answers", load: "apiCheck" },
      { id: "host.stf.token", description: "The STF farm accepts the access token", load: "tokenCheck" },
      {
        id: "host.stf.adb-key",
        description: "The adb key the farm must admit (--fix registers it)",
        load: "adbKeyCheck",
      },
    ] as const;
    for (const [index, check] of checks.entries())
      ctx.checks.add({
        id: check.id,
        phase: "host",
        critical: false,
        order: 900 + index,
        description: check.description,
        ...(index > 0 ? { needs: ["host.stf.api"] } : {}),
        load: async () => ({ default: (await import("./checks/farm-checks.ts"))[check.load] }),
      });
  },
});
