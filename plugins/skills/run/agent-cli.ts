import { isAbsolute, resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { findOnPath, isExecutable } from "../../../core/host/executables.ts";

export interface AgentConfig {
  cli: string;
  timeoutMs?: number;
  cliPath?: string;
}

/** `skill.json.agent`, the trusted runtime metadata of an orchestrated skill, or null for a replay skill. */
export function readAgent(value: unknown): AgentConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.cli !== "string" || raw.cli === "") return null;
  return {
    cli: raw.cli,
    ...(typeof raw.timeoutMs === "number" && raw.timeoutMs > 0 ? { timeoutMs: raw.timeoutMs } : {}),
    ...(typeof raw.cliPath === "string" && raw.cliPath ? { cliPath: raw.cliPath } : {}),
  };
}

/** The agent CLI's executable, checked before the harness starts (SKILL_AGENT_CLI_UNAVAILABLE otherwise). */
export function resolveAgentCli(agent: AgentConfig, skillId: string, skillDir: string, env: NodeJS.ProcessEnv): string {
  const unavailable = (why: string) =>
    new ClawperatorError(
      "SKILL_AGENT_CLI_UNAVAILABLE",
      `Skill ${skillId} requires agent CLI '${agent.cli}', but it is unavailable. ${why}`,
      {
        hint: `Install ${agent.cli} and put it on PATH.`,
        details: { skillId, agentCli: agent.cli },
      },
    );
  if (agent.cliPath) {
    const path = isAbsolute(agent.cliPath) ? agent.cliPath : resolve(skillDir, agent.cliPath);
    if (isExecutable(path)) return path;
    throw unavailable(`Configured agent CLI was not found or is not executable at ${path}`);
  }
  const found = findOnPath(agent.cli, env);
  if (!found) throw unavailable(`Configured agent CLI '${agent.cli}' was not found on PATH`);
  return found;
}
