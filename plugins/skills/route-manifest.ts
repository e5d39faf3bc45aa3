import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import type { RouteContribution } from "../../core/kernel/index.ts";

type SchemaName =
  | "listSchemas"
  | "getSchemas"
  | "runSchemas"
  | "statusSchemas"
  | "checkSchemas"
  | "binsSchemas"
  | "promptSchemas"
  | "installDepsSchemas"
  | "entrySchemas"
  | "allowlistSchemas"
  | "allowlistChangeSchemas"
  | "removeSchemas"
  | "installSchemas"
  | "updateSchemas";

const schemas = (name: SchemaName) => async () => (await import("./routes/route-schemas.js"))[name];
const reports = (name: "status" | "check" | "bins" | "prompt") => () =>
  import("./routes/reports.js").then((m) => ({ default: m[name] }));
const manage =
  (name: "installDeps" | "entry" | "allowlist" | "allowlistChange" | "remove" | "install" | "update") => () =>
    import("./routes/manage.js").then((m) => ({ default: m[name] }));

/** Reading the registry and the skill folders; USAGE for a bad query or path parameter; an unknown ?agent=. */
const READ: ErrorCode[] = ["REGISTRY_READ_FAILED", "USAGE", "AGENT_NOT_FOUND"];
/** Editing the JSON config. */
const WRITE: ErrorCode[] = ["USAGE", "CONFIG_INVALID", "SKILLS_CONFIG_CONFLICT", "SKILLS_CONFIG_NOT_WRITABLE"];

/**
 * docs/http-api.md#routes and docs/skills.md#the-skills-api: the skills routes, mounted by serve; handlers and zod
 * schemas load on first use. `?agent=` (or the X-Clawperator-Agent header) picks whose allowlist applies.
 */
export const SKILLS_ROUTES: RouteContribution[] = [
  {
    method: "GET",
    path: "/skills",
    description: "The skills the agent may use (?all=true: every one), or a search: ?app=, ?intent=, ?keyword=",
    errors: READ,
    schemas: schemas("listSchemas"),
    load: () => import("./routes/list.js"),
  },
  {
    method: "GET",
    path: "/skills/status",
    description: "Every skill's status with OpenClaw's fields, the agents and their allowlists, the config's hash",
    errors: [...READ, "INVALID_DEVICE_ID"],
    schemas: schemas("statusSchemas"),
    load: reports("status"),
  },
  {
    method: "GET",
    path: "/skills/check",
    description: "Which skills are ready, visible to the model, hidden, or missing requirements",
    errors: READ,
    schemas: schemas("checkSchemas"),
    load: reports("check"),
  },
  {
    method: "GET",
    path: "/skills/bins",
    description: "The programs the skills require or install",
    errors: READ,
    schemas: schemas("binsSchemas"),
    load: reports("bins"),
  },
  {
    method: "GET",
    path: "/skills/prompt",
    description: "The skills prompt block of the agent's system prompt",
    errors: READ,
    schemas: schemas("promptSchemas"),
    load: reports("prompt"),
  },
  {
    method: "GET",
    path: "/skills/:skillId",
    description: "One skill's registry entry and instructions ({baseDir} replaced)",
    errors: [...READ, "SKILL_NOT_FOUND", "SKILL_NOT_ELIGIBLE"],
    schemas: schemas("getSchemas"),
    load: () => import("./routes/get.js"),
  },
  {
    method: "POST",
    path: "/skills/:skillId/run",
    description: "Run a skill's script: { deviceId?, args?, agent? }",
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
  {
    method: "POST",
    path: "/skills/:skillId/install-deps",
    description: "Install one of the skill's dependencies: { installId?, timeoutMs? }; progress on GET /events",
    errors: [...READ, "SKILL_NOT_FOUND", "SKILL_INSTALL_UNSUPPORTED", "SKILL_INSTALL_FAILED", "SKILL_INSTALL_TIMEOUT"],
    schemas: schemas("installDepsSchemas"),
    load: manage("installDeps"),
  },
  {
    method: "PATCH",
    path: "/skills/entries/:skillKey",
    description: "Set skills.entries.<skillKey>: { enabled?, apiKey?, env?, ifHash? } (secrets are never echoed)",
    errors: WRITE,
    schemas: schemas("entrySchemas"),
    load: manage("entry"),
  },
  {
    method: "PUT",
    path: "/skills/agents/:agentId",
    description: "Set an agent's skills allowlist: { skills: [...] | null, ifHash? }",
    errors: [...WRITE, "AGENT_NOT_FOUND"],
    schemas: schemas("allowlistSchemas"),
    load: manage("allowlist"),
  },
  {
    method: "PATCH",
    path: "/skills/agents/:agentId",
    description:
      "Change an agent's skills allowlist: { add?, remove?, ifHash? }; removing from every skill (no list) writes " +
      "the list of all the others",
    errors: [...WRITE, "AGENT_NOT_FOUND"],
    schemas: schemas("allowlistChangeSchemas"),
    load: manage("allowlistChange"),
  },
  {
    method: "DELETE",
    path: "/skills/:skillId",
    description: "Delete a managed or workspace skill's folder",
    errors: [...READ, "SKILL_NOT_FOUND", "SKILL_NOT_REMOVABLE"],
    schemas: schemas("removeSchemas"),
    load: manage("remove"),
  },
  {
    method: "POST",
    path: "/skills/install",
    description: "Install a skill folder or git URL into the managed folder: { source, ref?, force? }",
    errors: [
      "USAGE",
      "SKILL_VALIDATION_FAILED",
      "SKILL_ALREADY_INSTALLED",
      "SKILL_INSTALL_FAILED",
      "SKILLS_SYNC_FAILED",
      "SKILLS_GIT_NOT_FOUND",
    ],
    schemas: schemas("installSchemas"),
    load: manage("install"),
  },
  {
    method: "POST",
    path: "/skills/:skillId/update",
    description: "Install a managed skill again from the source it was installed from: { ref? }",
    errors: ["USAGE", "SKILL_NOT_FOUND", "SKILL_VALIDATION_FAILED", "SKILLS_SYNC_FAILED", "SKILLS_GIT_NOT_FOUND"],
    schemas: schemas("updateSchemas"),
    load: manage("update"),
  },
];
