import { toClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { AgentTool, ToolOutput } from "../../runtime/tools/index.ts";
import type { OpenClawPluginApi, OpenClawToolContext, OpenClawToolResult } from "./openclaw-api.ts";
import type { SharedRuntime } from "./shared-runtime.ts";

/** A tool output in OpenClaw's result format: the text (and image) for the model, the structured result in details. */
function toResult(output: ToolOutput): OpenClawToolResult {
  return {
    content: [
      { type: "text", text: output.text },
      ...(output.image ? [{ type: "image" as const, ...output.image }] : []),
    ],
    details: output.details,
  };
}

/**
 * A failure as a result the agent can act on: the catalogue code and message as text, the whole error (code,
 * hint, details) in details. Returned, not thrown, so the code survives the host's error sanitizing.
 */
function errorResult(error: unknown): OpenClawToolResult {
  const failure = toClawperatorError(error).toJSON();
  const text = [`error ${failure.code}: ${failure.message}`, ...(failure.hint ? [`hint: ${failure.hint}`] : [])].join(
    "\n",
  );
  return { content: [{ type: "text", text }], details: { ok: false, error: failure } };
}

/**
 * Registers every catalogue tool with OpenClaw, each running on the one shared runtime, as a factory: OpenClaw calls
 * it for each agent run with the agent's id, whose skills allowlist the skills tools then apply (an id the
 * Clawperator config does not list gets its defaults, as OpenClaw's own agents do).
 */
export function registerTools(api: OpenClawPluginApi, tools: readonly AgentTool[], runtime: SharedRuntime): void {
  for (const tool of tools) {
    const parameters = tool.parameters();
    api.registerTool(
      (ctx: OpenClawToolContext = {}) => ({
        name: tool.name,
        description: tool.description,
        parameters,
        async execute(_toolCallId, params) {
          try {
            const agent = ctx.agentId ? { agentId: ctx.agentId, lenientAgent: true } : {};
            // Views and refs per OpenClaw session (else per agent): two agents never share them.
            const session = ctx.sessionKey ?? (ctx.agentId ? `agent:${ctx.agentId}` : undefined);
            const views = session ? { session: `openclaw:${session}` } : {};
            return toResult(await tool.run({ clawperator: () => runtime.get(), ...agent, ...views }, params));
          } catch (error) {
            return errorResult(error);
          }
        },
      }),
      { name: tool.name },
    );
  }
}
