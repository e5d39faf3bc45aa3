import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { toClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { AgentToolEntry, ToolCallOptions } from "../../../core/services/agent-tools.ts";
import type { Logger } from "../../../core/services/logger.ts";
import type { CallsInFlight } from "./calls-in-flight.ts";
import { toCallResult, toErrorResult, toMcpTool } from "./tool-results.ts";

/**
 * tools/list and tools/call over the catalogue, on the SDK's low-level handlers rather than `registerTool`: the
 * catalogue carries JSON Schemas (draft 2020-12) and validates its own input, so a bad argument is a result with
 * our EXECUTION_VALIDATION_FAILED and its path (MCP 2025-11-25: input errors are tool errors the model corrects),
 * where registerTool would re-derive the schemas from zod and answer with its own message. An unknown tool is a
 * protocol error (-32602), as the specification asks. Every call is made for the session's agent, when it has one,
 * and in its views session: its refs and incremental views are its own.
 */
export function serveTools(
  server: Server,
  tools: readonly AgentToolEntry[],
  logger: Logger,
  calls: CallsInFlight,
  agentId?: string,
  session?: string,
): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const { name, arguments: input = {}, _meta } = request.params;
    const tool = byName.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${name}"`);
    const progressToken = _meta?.progressToken;
    const options: ToolCallOptions = {
      signal: extra.signal,
      ...(agentId ? { agentId } : {}),
      ...(session ? { session } : {}),
    };
    if (progressToken !== undefined) {
      options.onProgress = (progress) => {
        void extra.sendNotification({ method: "notifications/progress", params: { progressToken, ...progress } });
      };
    }
    // The SDK sends no answer to a cancelled request, nor to any once the client has gone: what became of the call
    // goes to the log. The Operator APK cannot stop an execution midway, so one already sent holds its device's
    // lock until the device is done (spec 003 "In-Flight Semantics"): released earlier, the next execution would run
    // interleaved with it.
    const onCancel = () =>
      logger.warn(
        `${name}: no longer awaited by the client (cancelled, or the client left); its answer will not be sent. It ` +
          "stops what it can (a skill's script); an execution already sent to the device runs to its end, holding " +
          "the device's lock until then",
      );
    extra.signal.addEventListener("abort", onCancel, { once: true });
    const run = async () => {
      let outcome = "it failed";
      try {
        const output = await tool.call(input, options);
        outcome = output.failure ? `it failed (${output.failure.code})` : "it succeeded";
        return toCallResult(output);
      } catch (error) {
        outcome = `it failed (${toClawperatorError(error).code})`;
        return toErrorResult(error);
      } finally {
        extra.signal.removeEventListener("abort", onCancel);
        if (extra.signal.aborted) logger.warn(`${name}: ended unawaited: ${outcome}; its answer was not sent`);
      }
    };
    return calls.track(run());
  });
}
