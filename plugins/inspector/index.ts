import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import { defineCommand, definePlugin, type RouteContribution } from "../../core/kernel/index.ts";
import { inspectArgs } from "./command-args.ts";

/** What a snapshot execution through the AgentViews service may answer (as POST /observe/view). */
const SNAPSHOT_ERRORS: ErrorCode[] = [
  "NO_DEVICES",
  "DEVICE_NOT_FOUND",
  "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED",
  "DEVICE_OFFLINE",
  "DEVICE_UNAUTHORIZED",
  "ADB_NOT_FOUND",
  "ADB_SERVER_FAILED",
  "INVALID_DEVICE_ID",
  "INVALID_OPERATOR_PACKAGE",
  "RECEIVER_NOT_INSTALLED",
  "EXECUTION_CONFLICT_IN_FLIGHT",
  "BROADCAST_FAILED",
  "LOGCAT_UNAVAILABLE",
  "RESULT_ENVELOPE_TIMEOUT",
  "RESULT_ENVELOPE_MALFORMED",
  "PLUGIN_INVALID",
];

/**
 * The inspector (issue 27): a web page of `serve` that shows a device as the agent sees it and acts on it through
 * the same public routes agents use. Its files are static (no build step); they answer without the token, which
 * the page then asks for once and keeps in an HttpOnly cookie (POST /inspector/session).
 */
export default definePlugin({
  name: "inspector",
  setup(ctx) {
    const file = () => import("./routes/static-file.js");
    const routes: RouteContribution[] = [
      { method: "GET", path: "/", description: "The inspector web page", public: true, load: file },
      {
        method: "GET",
        path: "/inspector/:file",
        description: "The inspector's scripts, style and icon (only the files it ships)",
        errors: ["ROUTE_NOT_FOUND"],
        public: true,
        load: file,
      },
      {
        method: "POST",
        path: "/observe/matchers",
        description:
          "The hierarchy, the agent view (the device's latest, for refs) and, for each node, the matcher that selects " +
          "it alone and its ref, from one execution",
        errors: SNAPSHOT_ERRORS,
        schemas: async () => (await import("./routes/route-schemas.js")).matchersSchemas,
        load: () => import("./routes/matchers.js"),
      },
      {
        method: "POST",
        path: "/inspector/session",
        description: "Keeps the bearer token the request carries in an HttpOnly, SameSite=Strict cookie for the page",
        load: () => import("./routes/session.js"),
      },
    ];
    for (const route of routes) ctx.routes.add(route);
    ctx.commands.add(
      defineCommand({
        path: ["inspect"],
        description:
          "Start `serve` on loopback with the inspector page; print its URL (and open a browser with --open)",
        args: inspectArgs,
        load: () => import("./commands/inspect.js"),
      }),
    );
  },
});
