import { definePlugin } from "../../core/kernel/index.ts";
import { OPERATOR_CHECKS } from "./checks/index.ts";
import { OPERATOR_COMMANDS } from "./command-manifest.ts";
import * as hooks from "./hooks/index.ts";
import { SETUP_COMMANDS } from "./setup/setup-manifest.ts";
import { registerExecutionServices } from "./services.ts";
import { registerAgentViews } from "./views/index.ts";

/**
 * The operator protocol: the execution pipeline over the Operator APK, the hooks that finish what the APK
 * cannot (close_app, screenshots, snapshot text) and the SERVICE_UNAVAILABLE hint, the agent view and its refs, the
 * execute / observe / inspect / action commands, Operator setup, permissions and version compatibility, and doctor's readiness checks.
 */
export default definePlugin({
  name: "operator",
  setup(ctx) {
    registerExecutionServices(ctx);
    registerAgentViews(ctx);
    // Imported with the plugin: every execution runs them, and a lazy import would be one more file per call.
    ctx.hooks.add({ name: "close-app", order: -90, load: hooks.closeApp });
    ctx.hooks.add({ name: "inject-snapshots", order: -80, load: hooks.injectSnapshots });
    ctx.hooks.add({
      name: "capture-screenshots",
      order: -70,
      load: () => hooks.captureScreenshots(ctx.config),
    });
    ctx.hooks.add({
      name: "service-unavailable-hint",
      order: -60,
      load: hooks.serviceUnavailableHint,
    });
    ctx.commands.group({ path: ["observe"], description: "Observe the device: UI snapshot, screenshot" });
    ctx.commands.group({ path: ["inspect"], description: "Inspect the device for people" });
    ctx.commands.group({
      path: ["action"],
      description: "Single-step interactions: open, click, read, type, wait, keys, scroll",
    });
    for (const command of OPERATOR_COMMANDS) ctx.commands.add(command);
    ctx.commands.group({ path: ["operator"], description: "Install and set up the Operator APK on a device" });
    for (const command of SETUP_COMMANDS) ctx.commands.add(command);
    for (const check of OPERATOR_CHECKS) ctx.checks.add(check);
  },
});
