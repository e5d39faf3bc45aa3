import { defineCommand, definePlugin } from "../../core/kernel/index.ts";

/**
 * `clawperator daemon status|stop`: the warm per-user runtime the CLI starts on first use and talks to over a
 * private Unix socket, and the spare MCP server waiting for the next `clawperator mcp` (CLAWPERATOR_NO_DAEMON=1
 * turns both off). The CLI itself owns them; this plugin only lets a user see and stop them.
 */
export default definePlugin({
  name: "daemon",
  setup(ctx) {
    ctx.commands.group({ path: ["daemon"], description: "The warm runtime the CLI talks to (status, stop)" });
    ctx.commands.add(
      defineCommand({
        path: ["daemon", "status"],
        description: "Show whether this user's warm runtime is running (pid, build, requests) and any spare MCP server",
        load: () => import("./commands/status.js"),
      }),
    );
    ctx.commands.add(
      defineCommand({
        path: ["daemon", "stop"],
        description: "Stop this user's warm runtime and spare MCP server (the next command starts fresh ones)",
        load: () => import("./commands/stop.js"),
      }),
    );
  },
});
