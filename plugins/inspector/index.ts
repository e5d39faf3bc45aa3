import { RUN_ERRORS } from "../../core/contracts/route-errors.ts";
import { defineCliCommand, definePlugin, type RouteContribution } from "../../core/kernel/index.ts";
import { inspectArgs } from "./command-args.ts";

/**
 * The inspector: a web page of `serve` that shows a device as the agent sees it and acts on it through
 * the same public routes agents use. Its files are static (no build step); they answer without the token, which
 * the page then gets once (a one-time code from `inspect`'s URL, or the token typed) and keeps in an HttpOnly
 * cookie (POST /inspector/sign-in, POST /inspector/session).
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
        errors: RUN_ERRORS,
        schemas: async () => (await import("./routes/route-schemas.js")).matchersSchemas,
        load: () => import("./routes/matchers.js"),
      },
      {
        method: "POST",
        path: "/inspector/sign-in",
        description: "Spends a one-time code `inspect` printed: keeps the server's token in the page's HttpOnly cookie",
        errors: ["UNAUTHORIZED"],
        public: true,
        load: () => import("./routes/sign-in.js"),
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
      defineCliCommand({
        path: ["inspect"],
        description:
          "Start `serve` on loopback with the inspector page; print its URL (and open a browser with --open)",
        args: inspectArgs,
        load: () => import("./commands/inspect.js"),
      }),
    );
  },
});
