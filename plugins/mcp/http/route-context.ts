import type { H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { RouteRequestContext } from "../../../core/kernel/index.ts";

/** The kernel context `serve` put on the request; a route run outside `serve` has none. */
export function routeContext(event: H3Event): RouteRequestContext {
  const context = event.context.clawperator;
  if (!context) throw new ClawperatorError("INTERNAL_ERROR", "/mcp called without serve's request context");
  return context;
}
