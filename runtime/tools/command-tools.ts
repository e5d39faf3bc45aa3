import { z } from "zod";
import { DeviceTarget, zodTool, type AgentTool, type ToolOutput } from "./agent-tool.ts";
import type { CommandOutcome } from "../run-command.ts";

/** A command's result as a tool output: its own human rendering as the text, the JSON result as details. */
function commandOutput(outcome: CommandOutcome): ToolOutput {
  return { text: outcome.text ?? JSON.stringify(outcome.result, null, 2), details: outcome.result };
}

export const doctorTool = zodTool({
  name: "clawperator_doctor",
  description:
    "Check that the host, the device and the Operator APK are ready (adb, device connection, APK installed and compatible, accessibility service running, handshake). Run it when an action fails with a setup error; each failed check says how to fix it.",
  input: z.strictObject({ ...DeviceTarget, full: z.boolean().optional().describe("also run the slower end-to-end checks") }),
  async run(ctx, { deviceId, receiverPackage, full }) {
    const clawperator = await ctx.clawperator();
    return commandOutput(await clawperator.command(["doctor"], full ? { full } : {}, { deviceId, receiverPackage }));
  },
});

export const skillsSearchTool = zodTool({
  name: "clawperator_skills_search",
  description:
    "Find ready-made Clawperator skills (scripted flows for specific apps) by Android app id, intent or keyword. Prefer a matching skill over driving the UI step by step.",
  input: z
    .strictObject({
      app: z.string().min(1).optional().describe("exact Android applicationId, e.g. com.android.settings"),
      intent: z.string().min(1).optional().describe("exact intent name a skill declares"),
      keyword: z.string().min(1).optional().describe("free-text keyword, ranked by relevance"),
    })
    .refine((input) => input.app || input.intent || input.keyword, { message: "give at least one of app, intent, keyword" }),
  async run(ctx, query) {
    return commandOutput(await (await ctx.clawperator()).command(["skills", "search"], query));
  },
});

export const skillsGetTool = zodTool({
  name: "clawperator_skills_get",
  description: "Show one skill: what it does, its inputs, and how to run it.",
  input: z.strictObject({ skillId: z.string().min(1).describe("the skill's id, from clawperator_skills_search") }),
  async run(ctx, { skillId }) {
    return commandOutput(await (await ctx.clawperator()).command(["skills", "get"], { skillId, _: [skillId] }));
  },
});

export const skillsRunTool = zodTool({
  name: "clawperator_skills_run",
  description: "Run a skill on the device and return its result (status, output, and the skill's structured result when it reports one).",
  input: z.strictObject({
    ...DeviceTarget,
    skillId: z.string().min(1).describe("the skill's id"),
    args: z.array(z.string()).max(64).optional().describe("arguments passed to the skill's script"),
    timeoutMs: z.number().int().min(1_000).max(600_000).optional().describe("how long the skill may run (ms)"),
    expectContains: z.string().min(1).optional().describe("fail unless the skill's output contains this text"),
  }),
  async run(ctx, { skillId, args = [], deviceId, receiverPackage, timeoutMs, expectContains }) {
    const flags = { skillId, _: [skillId, ...args], ...(timeoutMs ? { timeout: String(timeoutMs) } : {}), ...(expectContains ? { expectContains } : {}) };
    return commandOutput(await (await ctx.clawperator()).command(["skills", "run"], flags, { deviceId, receiverPackage }));
  },
});

export const COMMAND_TOOLS: readonly AgentTool[] = [doctorTool, skillsSearchTool, skillsGetTool, skillsRunTool];
