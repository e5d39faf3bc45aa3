import { defineCliCommand, definePlugin, type HttpMethod } from "../../core/kernel/index.ts";
import { mcpArgs } from "./command-args.ts";

/**
 * The Model Context Protocol front end: the agent tool catalogue (every tool, whoever contributed it), the devices
 * and their screens as resources, and the `operate-android` prompt, for any MCP client. `clawperator mcp` speaks
 * stdio; `/mcp` is a route `serve` mounts like any other, behind its token, Host and Origin rules.
 */
export default definePlugin({
  name: "mcp",
  setup(ctx) {
    ctx.commands.add(
      defineCliCommand({
        path: ["mcp"],
        description: "Serve the agent tools over the Model Context Protocol (stdio; --http for Streamable HTTP)",
        args: mcpArgs,
        load: () => import("./commands/mcp.js"),
      }),
    );
    const methods: HttpMethod[] = ["POST", "GET", "DELETE"];
    for (const method of methods) {
      ctx.routes.add({
        method,
        path: "/mcp",
        description: "Model Context Protocol, Streamable HTTP transport (sessions by Mcp-Session-Id)",
        load: () => import("./routes/mcp.js"),
      });
    }
  },
});
