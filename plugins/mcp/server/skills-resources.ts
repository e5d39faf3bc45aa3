import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { toClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { EventBus } from "../../../core/services/event-bus.ts";
import type { SkillScope, SkillsService } from "../../../core/services/skills.ts";

export const SKILLS_URI = "clawperator://skills";
export const SKILLS_PROMPT_URI = "clawperator://skills/prompt";
export const skillUri = (name: string) => `clawperator://skills/${encodeURIComponent(name)}`;

export interface SkillsResourceSources {
  skills: () => SkillsService | undefined;
  events: EventBus;
  /** The agent this session speaks for (`mcp --agent`, `/mcp?agent=`). */
  agentId?: string;
}

/** A skills call's failure as the read's error: our code first in the message, our error as its data. */
async function read<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = toClawperatorError(error).toJSON();
    throw new McpError(ErrorCode.InternalError, `${failure.code}: ${failure.message}`, failure);
  }
}

/**
 * The session agent's skills for MCP clients: `clawperator://skills` (what the agent may use, as JSON),
 * `clawperator://skills/prompt` and the `skills` prompt (the prompt block OpenClaw injects), and each skill's
 * instructions at `clawperator://skills/<name>` ({baseDir} replaced). Once a client has looked, the skills are
 * watched: a change is `notifications/resources/list_changed`, and `resources/updated` for the URIs it subscribed.
 */
export function serveSkillsResources(
  mcp: McpServer,
  sources: SkillsResourceSources,
  subscribed: ReadonlySet<string>,
): () => void {
  const scope: SkillScope = {
    ...(sources.agentId ? { agentId: sources.agentId } : {}),
    invoker: "model",
  };
  let watching = false;
  const service = () => {
    const skills = sources.skills();
    if (!skills) throw new McpError(ErrorCode.InvalidRequest, "USAGE: the skills plugin is disabled");
    if (!watching) {
      watching = true;
      void skills.watch().catch(() => {
        watching = false;
      });
    }
    return skills;
  };

  mcp.registerResource(
    "skills",
    SKILLS_URI,
    {
      title: "Skills",
      description: "The skills this agent may use: name, description, where its SKILL.md is",
      mimeType: "application/json",
    },
    async (uri) => {
      const status = await read(() => service().status(scope));
      const skills = status.skills
        .filter((s) => s.modelVisible)
        .map((s) => ({ name: s.name, description: s.description, location: s.filePath, emoji: s.emoji }));
      return {
        contents: [
          { uri: uri.href, mimeType: "application/json", text: JSON.stringify({ skills, version: status.version }) },
        ],
      };
    },
  );

  mcp.registerResource(
    "skills-prompt",
    SKILLS_PROMPT_URI,
    {
      title: "Skills prompt block",
      description: "The compact XML list of available skills an agent's system prompt gets",
      mimeType: "text/plain",
    },
    async (uri) => {
      const prompt = await read(() => service().prompt(scope));
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text: prompt.prompt }] };
    },
  );

  mcp.registerResource(
    "skill",
    new ResourceTemplate("clawperator://skills/{name}", {
      list: async () => {
        const list = await read(() => service().list(scope));
        return {
          resources: list.skills.map((s) => ({
            uri: skillUri(s.id),
            name: `skill ${s.id}`,
            description: s.summary,
            mimeType: "text/markdown",
          })),
        };
      },
    }),
    { description: "A skill's instructions (its SKILL.md body, {baseDir} replaced)", mimeType: "text/markdown" },
    async (uri, { name }) => {
      const skill = await read(() => service().instructions(decodeURIComponent(String(name)), scope));
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: skill.instructions }] };
    },
  );

  mcp.registerPrompt(
    "skills",
    { title: "Available skills", description: "The skills prompt block: the skills this agent may use and where" },
    async () => {
      const prompt = await read(() => service().prompt(scope));
      return {
        messages: [{ role: "user", content: { type: "text", text: prompt.prompt || "No skills are available." } }],
      };
    },
  );

  return sources.events.on("clawperator:skills-changed", () => {
    if (!watching) return;
    mcp.sendResourceListChanged();
    for (const uri of subscribed)
      if (uri === SKILLS_URI || uri.startsWith(`${SKILLS_URI}/`)) void mcp.server.sendResourceUpdated({ uri });
  });
}
