import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { OperatorDispatcher } from "../../../core/execution/dispatcher.ts";
import { defineCommandHandler, RouteRegistry } from "../../../core/kernel/index.ts";
import { HostInfo } from "../../../core/services/host-info.ts";
import { mcpArgs } from "../command-args.ts";
import { serveHttp } from "./http.ts";
import { serveStdio } from "./stdio.ts";

/**
 * `clawperator mcp`: one runtime for the client's whole session (one result stream per device), MCP over stdio,
 * or with --http over Streamable HTTP at /mcp. Prints nothing of its own on stdout.
 */
const mcpCommand = defineCommandHandler(mcpArgs, {
  async run(args, ctx) {
    const { services, logger } = ctx;
    // This process lives on: the dispatcher (built on first use, after this) keeps one result stream per device.
    services.register(HostInfo, { useValue: { longLived: true } });
    if (args.http && args.agent !== undefined)
      throw new ClawperatorError("USAGE", "mcp --http serves many clients: each names its agent with /mcp?agent=<id>", {
        hint: "Or send the X-Clawperator-Agent header with the initialize request.",
      });
    if (args.http) await serveHttp(args, ctx, services.resolve(RouteRegistry));
    else await serveStdio(services, logger, args.agent);
    if (services.isRegistered(OperatorDispatcher)) await services.resolve(OperatorDispatcher).dispose();
    return undefined;
  },
});

export default mcpCommand;
