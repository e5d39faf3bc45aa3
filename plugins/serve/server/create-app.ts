import { defineLazyEventHandler, H3, type H3Event } from "h3";
import type { Owned, RegisteredRoute, RouteRequestContext } from "../../../core/kernel/index.ts";
import { errorResponse } from "./error-response.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { RouteTable } from "./route-table.ts";
import { checkCredentials, checkRequest, type SecurityPolicy } from "./security.ts";

export interface ServeAppOptions {
  /** Every route in the route registry: this plugin's and every other plugin's. */
  routes: readonly Owned<RegisteredRoute>[];
  context: Omit<RouteRequestContext, "shutdown">;
  security: SecurityPolicy;
  lifecycle: Lifecycle;
}

const connectionGone = (event: H3Event) => event.req.runtime?.node?.req.socket?.destroyed === true;

/**
 * The h3 app: every registered route mounted with its handler loaded on first request; before any route, the
 * shutdown, Host, Origin and token checks; unknown paths a JSON 404, a wrong method a JSON 405; every error
 * `{ ok: false, error: { code, message } }` with the catalogue's status.
 */
export function createServeApp(options: ServeAppOptions): H3 {
  const { lifecycle, security } = options;
  const requestContext: RouteRequestContext = { ...options.context, shutdown: lifecycle.signal };
  const table = new RouteTable();
  const app = new H3({
    // Errors become JSON here and are logged by the server, not printed by h3.
    silent: true,
    onRequest: (event) => {
      lifecycle.admit();
      checkRequest(event, security);
      event.context.clawperator = requestContext;
    },
    onError: (error, event) => {
      const allow = event.context.allow as string | undefined;
      const response = errorResponse(error, allow ? { allow } : {});
      // A request whose connection is gone (the client left, or shutdown cut its arriving body) is nobody's bug.
      if (response.status >= 500 && !connectionGone(event)) {
        const cause = error.cause instanceof Error ? error.cause : error;
        options.context.logger.warn(
          `${event.req.method} ${event.url.pathname} failed with HTTP ${response.status}: ` +
            `${cause.stack ?? cause.message}`,
        );
      }
      return response;
    },
  });

  app.use((event, next) => {
    // Here, not in onRequest: h3 looks the route up (and its `public` meta) after onRequest.
    checkCredentials(event, security, event.context.matchedRoute?.meta?.public === true);
    if (!event.context.matchedRoute) {
      const { error, allow } = table.unmatched(event.req.method, event.url.pathname);
      if (allow) event.context.allow = allow;
      throw error;
    }
    return lifecycle.track(async () => {
      const value = await next();
      // Once shutdown began, the answer also ends its keep-alive connection, so the listener can close.
      if (lifecycle.signal.aborted) event.res.headers.set("connection", "close");
      return value;
    });
  });

  for (const { value: route } of options.routes) {
    table.add(route.method, route.path);
    app.on(
      route.method,
      route.path,
      defineLazyEventHandler(async () => (await route.load()).default),
      { meta: { public: route.public === true } },
    );
  }
  return app;
}
