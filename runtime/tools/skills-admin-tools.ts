import { z } from "zod";
import type { SkillStatus } from "../../core/services/skills.ts";
import type { AgentTool, ToolHints } from "./agent-tool.ts";
import { zodTool } from "./agent-tool.ts";
import { LOOKUP, scopeOf, skillsOf } from "./skills-tools.ts";

/** Changes this host's setup (config, installed programs, skill folders): nothing on a device. */
const SETUP: ToolHints = { readOnly: false, destructive: false, idempotent: true, openWorld: false };
const INSTALL: ToolHints = { readOnly: false, destructive: false, idempotent: true, openWorld: true };
const REMOVE: ToolHints = { readOnly: false, destructive: true, idempotent: true, openWorld: false };

const looseDetails = z.looseObject({});
const ifHash = z.string().optional().describe("the config.hash of clawperator_skills_status the edit was made on");

const statusLine = (s: SkillStatus) => {
  const state = s.blockedByAgentFilter && s.readiness === "ready" ? "excluded" : s.readiness;
  const missing = Object.entries(s.missing)
    .filter(([, v]) => v.length)
    .map(([k, v]) => `${k}: ${v.join(", ")}`)
    .join("; ");
  return `${s.name} [${s.source}] ${state}${missing ? ` (missing ${missing})` : ""}`;
};

export const skillsStatusTool = zodTool({
  name: "clawperator_skills_status",
  description:
    "Every skill's status with OpenClaw's fields: eligible or what it misses (bins, env, config, os), whether " +
    "this agent may use it, the install options, the agents' allowlists and the config's hash for edits.",
  input: z.strictObject({}),
  output: looseDetails,
  hints: LOOKUP,
  async run(ctx) {
    const report = await (await skillsOf(ctx)).status(scopeOf(ctx));
    const text = [`${report.eligible} eligible, ${report.blocked} blocked`, ...report.skills.map(statusLine)].join(
      "\n",
    );
    return { text, details: report };
  },
});

export const skillsBinsTool = zodTool({
  name: "clawperator_skills_bins",
  description: "The programs the skills require, accept or install (for this agent's skills).",
  input: z.strictObject({}),
  output: z.looseObject({ bins: z.array(z.string()) }),
  hints: LOOKUP,
  async run(ctx) {
    const bins = await (await skillsOf(ctx)).bins(scopeOf(ctx));
    return { text: bins.bins.join("\n") || "no bins", details: bins };
  },
});

export const skillsInstallDepsTool = zodTool({
  name: "clawperator_skills_install_deps",
  description:
    "Install a skill's dependency on this host from its install options (brew, npm, go, uv or a verified " +
    "download), with a time limit. Ask the user first: it installs software.",
  input: z.strictObject({
    name: z.string().min(1).describe("the skill's name"),
    installId: z.string().min(1).optional().describe("an id of the skill's installOptions; default the preferred one"),
    timeoutMs: z.number().int().min(1_000).max(900_000).optional(),
  }),
  output: looseDetails,
  hints: INSTALL,
  async run(ctx, { name, installId, timeoutMs }) {
    const { onProgress, signal } = ctx;
    let lines = 0;
    const outcome = await (await skillsOf(ctx)).installDependency({
      name,
      ...(installId ? { installId } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(signal ? { signal } : {}),
      ...(onProgress
        ? { onProgress: (line: string) => onProgress({ progress: ++lines, message: line.slice(0, 200) }) }
        : {}),
    });
    return { text: `${outcome.message}: ${name} (${outcome.installId})`, details: outcome };
  },
});

export const skillsConfigureTool = zodTool({
  name: "clawperator_skills_configure",
  description:
    "Set a skill's entry in the Clawperator config: enabled, apiKey (for its primaryEnv), env values. Values are " +
    "stored, never shown back.",
  input: z.strictObject({
    skillKey: z.string().min(1),
    enabled: z.boolean().optional(),
    apiKey: z.string().max(8_192).optional().describe('"" removes it'),
    env: z.record(z.string().min(1), z.string().max(8_192)).optional().describe('a "" value removes that name'),
    ifHash,
  }),
  output: looseDetails,
  hints: SETUP,
  async run(ctx, input) {
    const written = await (await skillsOf(ctx)).updateEntry(input);
    return { text: `skills.entries.${written.skillKey} written to ${written.path}`, details: written };
  },
});

export const skillsAllowlistTool = zodTool({
  name: "clawperator_skills_allowlist",
  description: "Set which skills an agent may use (agents.list[].skills): a list, [] for none, null for every skill.",
  input: z.strictObject({
    agentId: z.string().min(1),
    skills: z.array(z.string().min(1)).max(10_000).nullable(),
    ifHash,
  }),
  output: looseDetails,
  hints: SETUP,
  async run(ctx, input) {
    const written = await (await skillsOf(ctx)).updateAllowlist(input);
    return { text: `agent ${input.agentId}'s skills written to ${written.path}`, details: written };
  },
});

export const skillsRemoveTool = zodTool({
  name: "clawperator_skills_remove",
  description: "Delete a managed or workspace skill's folder (other sources are refused). Ask the user first.",
  input: z.strictObject({ name: z.string().min(1) }),
  output: looseDetails,
  hints: REMOVE,
  async run(ctx, { name }) {
    const removed = await (await skillsOf(ctx)).remove(name);
    return { text: `removed ${removed.name} (${removed.removed})`, details: removed };
  },
});

export const skillsInstallTool = zodTool({
  name: "clawperator_skills_install",
  description:
    "Install a skill (a folder on this host or a git URL) into the managed skills folder, or update one " +
    "installed so (update: true).",
  input: z.strictObject({
    source: z.string().min(1).optional().describe("a skill folder or git URL (install)"),
    name: z.string().min(1).optional().describe("the managed skill to update (update)"),
    update: z.boolean().optional(),
    ref: z.string().min(1).optional(),
    force: z.boolean().optional(),
  }),
  output: looseDetails,
  hints: INSTALL,
  async run(ctx, { source, name, update, ref, force }) {
    const skills = await skillsOf(ctx);
    const outcome = update
      ? await skills.update(name ?? source ?? "", ref ? { ref } : {})
      : await skills.install({ source: source ?? "", ...(ref ? { ref } : {}), ...(force ? { force } : {}) });
    return { text: `skill ${outcome.name} ${outcome.action} in ${outcome.dir}`, details: outcome };
  },
});

export const SKILLS_ADMIN_TOOLS: readonly AgentTool[] = [
  skillsStatusTool,
  skillsBinsTool,
  skillsInstallDepsTool,
  skillsConfigureTool,
  skillsAllowlistTool,
  skillsRemoveTool,
  skillsInstallTool,
];
