import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import type { RouteContribution } from "../../core/kernel/index.ts";

const schemas = (name: "listSchemas" | "getSchemas" | "runSchemas") => async () =>
  (await import("./routes/route-schemas.js"))[name];

/** Reading the registry and the skill folders; USAGE for a bad query or path parameter. */
const READ: ErrorCode[] = ["REGISTRY_READ_FAILED", "USAGE"];

/** spec/001 "HTTP API": the skills routes, mounted by serve; handlers and zod schemas load on first use. */
export const SKILLS_ROUTES: RouteContribution[] = [
  {
    method: "GET",
    path: "/skills",
    description: "List skills, or search with ?app=, ?intent=, ?keyword=",
    errors: READ,
    schemas: schemas("listSchemas"),
    load: () => import("./routes/list.js"),
  },
  {
    method: "GET",
    path: "/skills/:skillId",
    description: "One skill's registry entry",
    errors: [...READ, "SKILL_NOT_FOUND"],
    schemas: schemas("getSchemas"),
    load: () => import("./routes/get.js"),
  },
  {
    method: "POST",
    path: "/skills/:skillId/run",
    description: "Run a skill's script: { deviceId?, args? }",
    errors: [
      ...READ,
      "SKILL_NOT_FOUND",
      "INVALID_DEVICE_ID",
      "SKILL_NOT_ELIGIBLE",
      "SKILL_SCRIPT_NOT_FOUND",
      "SKILL_EXECUTION_FAILED",
      "SKILL_EXECUTION_TIMEOUT",
      "SKILL_OUTPUT_ASSERTION_FAILED",
      "SKILL_RESULT_PARSE_FAILED",
      "SKILL_AGENT_CLI_UNAVAILABLE",
    ],
    schemas: schemas("runSchemas"),
    load: () => import("./routes/run.js"),
  },
];
