import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import {
  CommandRegistry,
  type CommandArgs,
  type CommandRunContext,
  type ContributionList,
  type RegisteredRoute,
  RouteRegistry,
} from "../../../core/kernel/index.ts";
import type { mcpArgs } from "../command-args.ts";

/** What `mcp --http` serves of the route registry: MCP itself, and the liveness route clients probe. */
const MCP_ONLY = new Set(["/mcp", "/health"]);

function onlyMcp(routes: ContributionList<RegisteredRoute>): ContributionList<RegisteredRoute> {
  const kept = routes.entries().filter((entry) => MCP_ONLY.has(entry.value.path));
  const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
  return {
    entries: () => kept,
    keys: () => kept.map((entry) => key(entry.value)),
    get: (k) => kept.find((entry) => key(entry.value) === k),
    has: (k) => kept.some((entry) => key(entry.value) === k),
  };
}

/**
 * `mcp --http`: the `serve` command (found in the command registry, as any front end reaches another plugin's
 * command) with only /mcp mounted, so MCP over HTTP has exactly serve's token, Host and Origin rules, limits and
 * shutdown.
 */
export async function serveHttp(
  args: CommandArgs<typeof mcpArgs>,
  ctx: CommandRunContext,
  routes: ContributionList<RegisteredRoute>,
): Promise<void> {
  const serve = ctx.services.resolve(CommandRegistry).get("serve");
  if (!serve) {
    throw new ClawperatorError("USAGE", "mcp --http needs the serve plugin, which is disabled", {
      hint: 'Remove "serve" from `disablePlugins` in the Clawperator config, or use `clawperator mcp` (stdio).',
    });
  }
  ctx.services.register(RouteRegistry, { useValue: onlyMcp(routes) });
  const { http: _http, agent: _agent, ...serveArgs } = args;
  const handler = (await serve.value.load()).default;
  await handler.run(serveArgs, ctx);
}
