import { defineCommand, definePlugin } from "../../core/kernel/index.ts";

/**
 * `clawperator daemon status|stop`: the warm per-user runtime the CLI starts on first use and talks to over a
 * private Unix socket (CLAWPERATOR_NO_DAEMON=1 turns it off). The CLI itself owns the runtime; this plugin only
 * lets a user see and stop it.
 */
export default definePlugin({
  name: "daemon",
  setup(ctx) {
    ctx.commands.group({ path: ["daemon"], description: "The warm runtime the CLI talks to (status, stop)" });
    ctx.commands.add(
      defineCommand({
        path: ["daemon", "status"],
        description: "Show whether this user's warm runtime is running, its pid, build and requests served",
        load: () => import("./commands/status.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["daemon", "stop"],
        description: "Stop this user's warm runtime (the next command starts a fresh one)",
        load: () => import("./commands/stop.js"),
      }),
    );
  },
});
