import type { RouteContribution } from "../../core/kernel/index.ts";

const schemas = (name: "listSchemas" | "getSchemas" | "runSchemas") => async () =>
  (await import("./routes/route-schemas.js"))[name];

/** spec/001 "HTTP API": the skills routes, mounted by serve; handlers and zod schemas load on first use. */
export const SKILLS_ROUTES: RouteContribution[] = [
  {
    method: "GET",
    path: "/skills",
    description: "List skills, or search with ?app=, ?intent=, ?keyword=",
    schemas: schemas("listSchemas"),
    load: () => import("./routes/list.js"),
  },
  {
    method: "GET",
    path: "/skills/:skillId",
    description: "One skill's registry entry",
    schemas: schemas("getSchemas"),
    load: () => import("./routes/get.js"),
  },
  {
    method: "POST",
    path: "/skills/:skillId/run",
    description: "Run a skill's script: { deviceId?, args? }",
    schemas: schemas("runSchemas"),
    load: () => import("./routes/run.js"),
  },
];
