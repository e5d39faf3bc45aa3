import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { packageVersion } from "../../../core/package-version.ts";
import { AgentTools } from "../../../core/services/agent-tools.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import type { Logger } from "../../../core/services/logger.ts";
import { Transport } from "../../../core/services/transport.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import { OPERATE_ANDROID } from "../prompts/operate-android.ts";
import { Skills } from "../../../core/services/skills.ts";
import { CallsInFlight } from "./calls-in-flight.ts";
import { serveResources } from "./resources.ts";
import { serveSkillsResources } from "./skills-resources.ts";
import { serveTools } from "./tool-handlers.ts";

/**
 * The SDK's own validator, built on first use: the server validates only answers to its elicitation requests, and
 * building ajv with its formats would slow each session's start.
 */
function lazyValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator(schema) {
      ajv ??= new AjvJsonSchemaValidator();
      return ajv.getValidator(schema);
    },
  };
}

export interface McpSession {
  server: McpServer;
  /** The tool calls running; they run to their end whether or not the client still waits. */
  calls: CallsInFlight;
  /** Stops listening to the runtime's events; the transport is closed by whoever opened it. */
  close(): Promise<void>;
}

/**
 * One MCP server (one client session) over the kernel's services: the tool catalogue as tools, the devices and
 * their screens and the session agent's skills as resources, the `operate-android` and `skills` prompts.
 */
export async function createMcpServer(
  services: ServiceAccess,
  logger: Logger,
  session: { agentId?: string } = {},
): Promise<McpSession> {
  const tools = await services.resolve(AgentTools).list();
  const server = new McpServer(
    { name: "clawperator", version: packageVersion() },
    {
      instructions:
        "Clawperator operates Android devices: observe the screen, act once, verify. Start with the " +
        "operate-android prompt.",
      jsonSchemaValidator: lazyValidator(),
    },
  );
  const events = services.resolve(EventBus);
  const calls = new CallsInFlight();
  // Views, refs and incremental baselines belong to this session alone.
  const viewsSession = `mcp:${randomUUID()}`;
  serveTools(server.server, tools, logger, calls, session.agentId, viewsSession);
  const subscribed = new Set<string>();
  const stopResources = serveResources(
    server,
    { tools, transport: () => services.resolve(Transport), events },
    subscribed,
  );
  const stopSkills = serveSkillsResources(
    server,
    {
      skills: () => (services.isRegistered(Skills) ? services.resolve(Skills) : undefined),
      events,
      ...(session.agentId ? { agentId: session.agentId } : {}),
    },
    subscribed,
  );
  server.registerPrompt(
    "operate-android",
    {
      title: "Operate an Android device",
      description: "The observe → act → verify loop, matcher rules and when to use skills",
    },
    () => ({ messages: [{ role: "user", content: { type: "text", text: OPERATE_ANDROID } }] }),
  );
  return {
    server,
    calls,
    async close() {
      stopResources();
      stopSkills();
      if (services.isRegistered(AgentViews)) services.resolve(AgentViews).forget(viewsSession);
      await server.close();
    },
  };
}
