import { RUN_ERRORS } from "../../core/contracts/route-errors.ts";
import { defineCliCommand, definePlugin, type RouteContribution } from "../../core/kernel/index.ts";
import { serveArgs } from "./command-args.ts";

const schemas = (name: keyof typeof import("./route-schemas.ts")) => async () =>
  (await import("./route-schemas.js"))[name];

/**
 * The HTTP/SSE API (docs/http-api.md#routes): the `serve` command, which mounts every route in the route
 * registry (other plugins contribute theirs), and the core routes below. Declared as data: handlers and zod
 * schemas load on first use, so `--help` and other commands pay nothing for them.
 */
export default definePlugin({
  name: "serve",
  // No dependsOn: the routes reach the execution runner at request time, so `disablePlugins: ["operator"]` still
  // boots (its routes then answer PLUGIN_INVALID) and the other plugins' routes keep working.
  setup(ctx) {
    ctx.commands.add(
      defineCliCommand({
        path: ["serve"],
        description: "Start the HTTP/SSE API server (executions, observe, devices, events, and every plugin's routes)",
        args: serveArgs,
        // Out of default help: the reference CLI's flag works, but other local users can read a command line.
        hiddenArgs: ["token"],
        load: () => import("./commands/serve.js"),
      }),
    );
    const routes: RouteContribution[] = [
      {
        method: "GET",
        path: "/health",
        description: "Liveness: the server answers (no token needed)",
        schemas: schemas("healthSchemas"),
        load: () => import("./routes/health.js"),
      },
      {
        method: "GET",
        path: "/devices",
        description: "Connected Android devices and their states",
        schemas: schemas("devicesSchemas"),
        errors: ["ADB_NOT_FOUND", "ADB_SERVER_FAILED"],
        load: () => import("./routes/devices.js"),
      },
      {
        method: "POST",
        path: "/execute",
        description: "Run an execution payload on a device",
        schemas: schemas("executeSchemas"),
        errors: [
          ...RUN_ERRORS,
          "MISSING_EXECUTION",
          "EXECUTION_ACTION_UNSUPPORTED",
          "EXECUTION_VALIDATION_FAILED",
          "PAYLOAD_TOO_LARGE",
          "REF_STALE",
          "REF_NOT_FOUND",
          "REF_NOT_UNIQUE",
        ],
        load: () => import("./routes/execute.js"),
      },
      {
        method: "POST",
        path: "/observe/snapshot",
        description: "Capture the UI hierarchy (hierarchy_xml)",
        schemas: schemas("snapshotSchemas"),
        errors: RUN_ERRORS,
        load: () => import("./routes/snapshot.js"),
      },
      {
        method: "POST",
        path: "/snapshot",
        description: "Same as POST /observe/snapshot",
        schemas: schemas("snapshotSchemas"),
        errors: RUN_ERRORS,
        load: () => import("./routes/snapshot.js"),
      },
      {
        method: "POST",
        path: "/observe/view",
        description: "The agent view: the screen as a compact outline with refs that POST /execute actions take",
        schemas: schemas("viewSchemas"),
        errors: RUN_ERRORS,
        load: () => import("./routes/view.js"),
      },
      {
        method: "POST",
        path: "/observe/screenshot",
        description: "Capture the screen as a PNG on the server host",
        schemas: schemas("screenshotSchemas"),
        errors: [...RUN_ERRORS, "INVALID_PATH"],
        load: () => import("./routes/screenshot.js"),
      },
      {
        method: "POST",
        path: "/screenshot",
        description: "Same as POST /observe/screenshot",
        schemas: schemas("screenshotSchemas"),
        errors: [...RUN_ERRORS, "INVALID_PATH"],
        load: () => import("./routes/screenshot.js"),
      },
      {
        method: "GET",
        path: "/events",
        description:
          "Server-Sent Events: heartbeat, clawperator:execution, clawperator:result, clawperator:skills-changed, " +
          "clawperator:skills-install-progress",
        schemas: schemas("eventsSchemas"),
        load: () => import("./routes/events.js"),
      },
      {
        method: "GET",
        path: "/openapi.json",
        description: "This API as OpenAPI 3.1, from the routes' zod schemas",
        load: () => import("./routes/openapi.js"),
      },
    ];
    for (const route of routes) ctx.routes.add(route);
  },
});
