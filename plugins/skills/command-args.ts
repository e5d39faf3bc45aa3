import type { ArgsDef } from "citty";

/** The skills commands' flags, as data: the manifest declares them, the handlers are typed from them. */
export const skillIdArg = {
  skill_id: {
    type: "positional",
    required: false,
    description: "Skill id, e.g. com.android.settings.capture-overview",
  },
} as const satisfies ArgsDef;

export const forAppArgs = {
  package_id: { type: "positional", required: false, description: "Android application id, e.g. com.android.settings" },
} as const satisfies ArgsDef;

export const searchArgs = {
  app: { type: "string", description: "Skills for this Android application id (exact)" },
  intent: { type: "string", description: "Skills with this intent (exact)" },
  keyword: { type: "string", description: "Case-insensitive keyword, ranked: keywords, id/applicationId, summary" },
} as const satisfies ArgsDef;

export const validateArgs = {
  ...skillIdArg,
  "dry-run": { type: "boolean", description: "Also compile every artifact and validate the execution payloads" },
  all: { type: "boolean", description: "Validate every skill" },
} as const satisfies ArgsDef;

export const compileArgs = {
  ...skillIdArg,
  "skill-id": { type: "string", description: "Skill id (alternative to the positional)" },
  artifact: { type: "string", description: "Artifact name, e.g. ac-status or ac-status.recipe.json" },
  vars: { type: "string", description: "Placeholder values as a JSON object (default {})", valueHint: "json" },
} as const satisfies ArgsDef;

export const runArgs = {
  ...skillIdArg,
  "expect-contains": {
    type: "string",
    description: "Fail with SKILL_OUTPUT_ASSERTION_FAILED unless stdout contains this text",
  },
  "skip-validate": { type: "boolean", description: "Skip the pre-run validation gate" },
} as const satisfies ArgsDef;

export const repoArgs = {
  repo: {
    type: "string",
    description: "Skills repository URL or path (default: config skills.repo, else the public repository)",
  },
  ref: { type: "string", description: "Git ref: branch, tag or commit (default: the repository's default branch)" },
} as const satisfies ArgsDef;

export const syncArgs = {
  repo: repoArgs.repo,
  ref: { type: "string", description: "Git ref to pin the skills clone to (required)" },
} as const satisfies ArgsDef;
