import { z } from "zod";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { Skills, type SkillList, type SkillScope, type SkillsService } from "../../core/services/skills.ts";
import type { Clawperator } from "../create-clawperator.ts";
import { ACT, DeviceTarget, type AgentTool, type ToolContext, type ToolHints, zodTool } from "./agent-tool.ts";
import { SkillDetails, SkillListDetails, SkillRunDetails } from "./output-schemas.ts";

/** Reading the local skills: nothing changes, nothing outside this host is touched. */
export const LOOKUP: ToolHints = { readOnly: true, destructive: false, idempotent: true, openWorld: false };

/** The skills runtime of the shared kernel; absent when the skills plugin is disabled. */
export async function skillsOf(ctx: ToolContext): Promise<SkillsService> {
  const clawperator: Clawperator = await ctx.clawperator();
  if (!clawperator.kernel.services.isRegistered(Skills)) {
    throw new ClawperatorError("USAGE", "skills are not available: the skills plugin is disabled", {
      hint: 'Remove "skills" from `disablePlugins` in the Clawperator config.',
    });
  }
  return clawperator.kernel.services.resolve(Skills);
}

/** The agent the front end says the call is for: its allowlist applies. */
export const scopeOf = (ctx: ToolContext): SkillScope => ({
  ...(ctx.agentId ? { agentId: ctx.agentId } : {}),
  ...(ctx.lenientAgent ? { lenientAgent: true } : {}),
});

const listText = (list: SkillList) =>
  list.count === 0
    ? "No matching skills."
    : list.skills.map((skill) => `${skill.id} (${skill.applicationId}): ${skill.summary}`).join("\n");

export const skillsListTool = zodTool({
  name: "clawperator_skills_list",
  description:
    "List the Clawperator skills this agent may use (ready-made flows for specific apps, and instructions): " +
    "each with its id, Android app and summary.",
  input: z.strictObject({}),
  output: SkillListDetails,
  hints: LOOKUP,
  async run(ctx) {
    const list = await (await skillsOf(ctx)).list(scopeOf(ctx));
    return { text: listText(list), details: list };
  },
});

export const skillsSearchTool = zodTool({
  name: "clawperator_skills_search",
  description:
    "Find ready-made Clawperator skills (scripted flows for specific apps) by Android app id, intent or " +
    "keyword. Prefer a matching skill over driving the UI step by step.",
  input: z
    .strictObject({
      app: z.string().min(1).optional().describe("exact Android applicationId, e.g. com.android.settings"),
      intent: z.string().min(1).optional().describe("exact intent name a skill declares"),
      keyword: z.string().min(1).optional().describe("free-text keyword, ranked by relevance"),
    })
    .refine((input) => input.app || input.intent || input.keyword, {
      message: "give at least one of app, intent, keyword",
    }),
  output: SkillListDetails,
  hints: LOOKUP,
  async run(ctx, query) {
    const list = await (await skillsOf(ctx)).search(query, scopeOf(ctx));
    return { text: listText(list), details: list };
  },
});

export const skillsGetTool = zodTool({
  name: "clawperator_skills_get",
  description:
    "Show one skill: what it does, its app, its scripts and artifacts, its input contract when it declares one, " +
    "and its instructions (SKILL.md).",
  input: z.strictObject({ skillId: z.string().min(1).describe("the skill's id, from clawperator_skills_search") }),
  output: SkillDetails,
  hints: LOOKUP,
  async run(ctx, { skillId }) {
    const skills = await skillsOf(ctx);
    const scope = { ...scopeOf(ctx), invoker: "model" as const };
    const skill = await skills.get(skillId, scope);
    const { instructions, baseDir, filePath } = await skills.instructions(skillId, scope);
    const text = [JSON.stringify(skill, null, 2), ...(instructions.trim() ? ["", instructions.trim()] : [])].join("\n");
    return { text, details: { ...skill, filePath, baseDir, instructions } };
  },
});

export const skillsRunTool = zodTool({
  name: "clawperator_skills_run",
  description:
    "Run a skill on the device and return its outcome: status (success, or indeterminate when its " +
    "verification could not be proved), its output and the structured skill result when it reports one.",
  input: z.strictObject({
    ...DeviceTarget,
    skillId: z.string().min(1).describe("the skill's id"),
    args: z.array(z.string()).max(64).optional().describe("arguments passed to the skill's script after the device id"),
    timeoutMs: z.number().int().min(1_000).max(600_000).optional().describe("how long the skill may run (ms)"),
    expectContains: z
      .string()
      .min(1)
      .optional()
      .describe("fail with SKILL_OUTPUT_ASSERTION_FAILED unless the output contains this text"),
  }),
  output: SkillRunDetails,
  hints: ACT,
  async run(ctx, { skillId, args, deviceId, receiverPackage, timeoutMs, expectContains }) {
    const skills = await skillsOf(ctx);
    const { onProgress, signal } = ctx;
    let chunks = 0;
    // The skills service defaults the device and the operator package from the config.
    const outcome = await skills.run({
      skillId,
      validate: true,
      invoker: "model",
      ...(ctx.agentId ? { agentId: ctx.agentId } : {}),
      ...(ctx.lenientAgent ? { lenientAgent: true } : {}),
      ...(signal ? { signal } : {}),
      // Each piece of the script's output is a step forward; its last line says what the skill is doing.
      ...(onProgress
        ? {
            onOutput: (chunk: string) =>
              onProgress({ progress: ++chunks, message: chunk.trimEnd().split("\n").at(-1)!.slice(0, 200) }),
          }
        : {}),
      ...(args ? { args } : {}),
      ...(deviceId ? { deviceId } : {}),
      ...(receiverPackage ? { operatorPackage: receiverPackage } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(expectContains ? { expectContains } : {}),
    });
    const verdict =
      outcome.status === "success"
        ? "success"
        : `indeterminate: ${outcome.reason ?? outcome.message ?? "verification not proved"}`;
    const text = [
      `skill ${skillId}: ${verdict} (exit ${outcome.exitCode}, ${outcome.durationMs} ms)`,
      outcome.output.trimEnd().slice(-4_000),
    ].join("\n");
    return { text, details: outcome };
  },
});

export const SKILLS_TOOLS: readonly AgentTool[] = [skillsListTool, skillsSearchTool, skillsGetTool, skillsRunTool];
