import type { ArgsDef } from "citty";

/** The skills commands' flags, as data: the manifest declares them, the handlers are typed from them. */
export const agentArg = {
  agent: {
    type: "string",
    description: "Agent id of agents.list[] whose skills allowlist applies (default: the agent marked default)",
  },
} as const satisfies ArgsDef;

const allArg = {
  all: { type: "boolean", description: "Every skill, those the agent may not use included" },
} as const satisfies ArgsDef;

export const skillIdArg = {
  skill_id: {
    type: "positional",
    required: false,
    description: "Skill id, e.g. com.android.settings.capture-overview",
  },
} as const satisfies ArgsDef;

export const listArgs = { ...agentArg, ...allArg } as const satisfies ArgsDef;

export const getArgs = { ...skillIdArg, ...agentArg, ...allArg } as const satisfies ArgsDef;

export const forAppArgs = {
  package_id: { type: "positional", required: false, description: "Android application id, e.g. com.android.settings" },
  ...agentArg,
  ...allArg,
} as const satisfies ArgsDef;

export const searchArgs = {
  app: { type: "string", description: "Skills for this Android application id (exact)" },
  intent: { type: "string", description: "Skills with this intent (exact)" },
  keyword: { type: "string", description: "Case-insensitive keyword, ranked: keywords, id/applicationId, summary" },
  ...agentArg,
  ...allArg,
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
  ...agentArg,
} as const satisfies ArgsDef;

export const repoArgs = {
  repo: {
    type: "string",
    description: "Skills repository URL or path (default: config skills.repo, else the public repository)",
  },
  ref: { type: "string", description: "Git ref: branch, tag or commit (default: the repository's default branch)" },
} as const satisfies ArgsDef;

export const installArgs = {
  source: {
    type: "positional",
    required: false,
    description: "A skill folder or git URL to install into ~/.clawperator/skills (without it: the registry clone)",
  },
  ...repoArgs,
  force: { type: "boolean", description: "Replace a managed skill of the same name" },
} as const satisfies ArgsDef;

export const updateArgs = {
  name: {
    type: "positional",
    required: false,
    description: "A managed skill installed by `skills install <source>` (without it: the registry clone)",
  },
  ...repoArgs,
} as const satisfies ArgsDef;

export const syncArgs = {
  repo: repoArgs.repo,
  ref: { type: "string", description: "Git ref to pin the skills clone to (required)" },
} as const satisfies ArgsDef;

export const nameArg = {
  name: { type: "positional", required: false, description: "Skill name (or registry id)" },
} as const satisfies ArgsDef;

export const installDepsArgs = {
  ...nameArg,
  "install-id": {
    type: "string",
    description: "The install option's id (skills status lists installOptions); default the preferred one",
  },
} as const satisfies ArgsDef;

export const configureArgs = {
  skill_key: { type: "positional", required: false, description: "The skill's key (skillKey in skills status)" },
  enabled: { type: "string", description: "true or false: skills.entries.<key>.enabled", valueHint: "true|false" },
  "api-key-stdin": { type: "boolean", description: "Read the apiKey (for the skill's primaryEnv) from stdin" },
  "clear-api-key": { type: "boolean", description: "Remove the apiKey" },
  "env-stdin": {
    type: "boolean",
    description: 'Read env values from stdin as a JSON object ({"NAME": "value"}; "" removes a name)',
  },
  "unset-env": { type: "string", description: "Comma-separated env names to remove" },
  "if-hash": {
    type: "string",
    description: "Refuse unless the config file's hash is this (skills status config.hash)",
  },
} as const satisfies ArgsDef;

export const allowlistArgs = {
  agent_id: { type: "positional", required: false, description: "Agent id of agents.list[]" },
  set: { type: "string", description: "Comma-separated skill names: the allowlist becomes exactly these" },
  add: { type: "string", description: "Comma-separated skill names to allow" },
  remove: { type: "string", description: "Comma-separated skill names to disallow" },
  all: { type: "boolean", description: "Allow every skill (removes the agent's skills key)" },
  none: { type: "boolean", description: "Allow no skill (skills: [])" },
  "if-hash": {
    type: "string",
    description: "Refuse unless the config file's hash is this (skills status config.hash)",
  },
} as const satisfies ArgsDef;
