import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { toClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { AgentToolEntry, ToolOutput } from "../../../core/services/agent-tools.ts";

/** The structured content of a call that failed before it had a result: our error (code, message, hint, details). */
const ERROR_RESULT = {
  type: "object",
  properties: {
    ok: { const: false },
    error: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" }, hint: { type: "string" } },
      required: ["code", "message"],
    },
  },
  required: ["ok", "error"],
};

/**
 * A tool's output schema as MCP lists it: its result, or our error. Clients validate the structured content of
 * every result against it (the SDK's Client does so for errors too), and an error carries our code there.
 */
function outputSchemaOf(tool: AgentToolEntry): Tool["outputSchema"] & object {
  // Definitions stay at the root, where the result's `$ref`s point.
  const { $defs, ...result } = tool.outputSchema;
  return { type: "object", ...($defs ? { $defs } : {}), anyOf: [result, ERROR_RESULT] };
}

/** A catalogue tool as MCP lists it: its schemas as the catalogue generated them, its hints as annotations. */
export function toMcpTool(tool: AgentToolEntry): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: { ...tool.inputSchema, type: "object" },
    outputSchema: outputSchemaOf(tool),
    annotations: {
      readOnlyHint: tool.hints.readOnly,
      destructiveHint: tool.hints.destructive,
      idempotentHint: tool.hints.idempotent,
      openWorldHint: tool.hints.openWorld,
    },
  };
}

const structured = (details: unknown) => details as Record<string, unknown>;

/**
 * A tool's output as a result: the text (and the PNG) for the model, the structured result beside it. An output
 * that names a failure (a step's NODE_NOT_FOUND) is `isError`, its code first in the text.
 */
export function toCallResult(output: ToolOutput): CallToolResult {
  const image = output.image ? [{ type: "image" as const, ...output.image }] : [];
  if (!output.failure) {
    return { content: [{ type: "text", text: output.text }, ...image], structuredContent: structured(output.details) };
  }
  const { code, message } = output.failure;
  return {
    content: [{ type: "text", text: `error ${code}: ${message}\n${output.text}` }, ...image],
    structuredContent: structured(output.details),
    isError: true,
  };
}

/** Anything a tool threw, as a result the agent can act on: the catalogue's code, message and hint. */
export function toErrorResult(error: unknown): CallToolResult {
  const failure = toClawperatorError(error).toJSON();
  const text = [`error ${failure.code}: ${failure.message}`, ...(failure.hint ? [`hint: ${failure.hint}`] : [])].join(
    "\n",
  );
  return { content: [{ type: "text", text }], structuredContent: { ok: false, error: failure }, isError: true };
}
