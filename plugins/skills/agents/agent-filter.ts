import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { SkillAgent } from "../../../core/services/skills.ts";

/** `agents` of the config: `list[]` of `{ id, default?, skills? }`, and `defaults.skills` for agents without one. */
export interface AgentsConfig {
  defaults?: { skills?: string[] };
  list?: { id: string; default?: boolean; skills?: string[] }[];
}

/** An agent id as OpenClaw compares them: trimmed, lower case. */
export const agentKey = (id: string) => id.trim().toLowerCase();

const normalize = (list: readonly string[]) => list.map((s) => s.trim()).filter(Boolean);

/** The configured agents, each with its allowlist (null: every skill). */
export function agentsOf(config: AgentsConfig | undefined): SkillAgent[] {
  return (config?.list ?? []).map((a) => ({
    id: a.id,
    default: a.default === true,
    skills: a.skills === undefined ? null : normalize(a.skills),
  }));
}

/** The agent a call speaks for and its allowlist (undefined: every skill). */
export interface ResolvedAgent {
  agentId?: string;
  filter?: string[];
}

/**
 * docs/openclaw-skills.md#agent-allowlists: an agent's own `skills` when it has the key (`[]` none), else
 * `agents.defaults.skills`, else every skill. Without an id, the agent marked default (else no agent). An id the config
 * does not list is an AGENT_NOT_FOUND, except from a host with agents of its own (`lenient`: OpenClaw's ids), which
 * gets the defaults.
 */
export function resolveAgent(config: AgentsConfig | undefined, agentId?: string, lenient = false): ResolvedAgent {
  const list = config?.list ?? [];
  const defaults = config?.defaults?.skills === undefined ? undefined : normalize(config.defaults.skills);
  const id = agentId?.trim();
  if (agentId !== undefined && !id) throw new ClawperatorError("USAGE", "--agent must not be blank");
  const entry = id ? list.find((a) => agentKey(a.id) === agentKey(id)) : list.find((a) => a.default === true);
  if (id && !entry && !lenient) {
    throw new ClawperatorError("AGENT_NOT_FOUND", `No agent "${id}" in the config's agents.list`, {
      hint: list.length
        ? `Known agents: ${list.map((a) => a.id).join(", ")}.`
        : 'Add it: { "agents": { "list": [{ "id": "...", "skills": [...] }] } }.',
      details: { agentId: id, agents: list.map((a) => a.id) },
    });
  }
  const resolvedId = entry?.id ?? id;
  const filter =
    entry && Object.hasOwn(entry, "skills") && entry.skills !== undefined ? normalize(entry.skills) : defaults;
  return { ...(resolvedId ? { agentId: resolvedId } : {}), ...(filter ? { filter } : {}) };
}
