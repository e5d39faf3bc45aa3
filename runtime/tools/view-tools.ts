import { z } from "zod";
import { UNCLASSIFIED } from "../../core/execution/execution-failure.ts";
import type { ViewedResult } from "../../core/services/agent-views.ts";
import { DeviceTarget, OBSERVE, zodTool, type ToolOutput } from "./agent-tool.ts";
import { agentText, compactDetails } from "./agent-text.ts";
import { ActionDetails } from "./output-schemas.ts";

/**
 * A result that may carry the agent view as a tool output: the compact text the model reads (`ok` or the failure,
 * what the steps found, the view) and the compact structured content beside it (ids, code, refs table), or, with
 * `details`, another structured content (clawperator_execute keeps its envelope).
 */
export function viewedOutput(
  result: ViewedResult,
  details: unknown = compactDetails(result),
  acted = true,
): ToolOutput {
  const text = agentText(result, acted);
  if (result.ok) return { text, details };
  const failure = result.error ?? {
    code: UNCLASSIFIED,
    message: result.envelope.error ?? "the device reported a failed execution",
  };
  return { text, details, failure: { code: failure.code, message: failure.message } };
}

/** The session a front end named for the call (an MCP session, an OpenClaw session), for the views' calls. */
export const sessionOf = (ctx: { session?: string }) => (ctx.session ? { session: ctx.session } : {});

export const viewTool = zodTool({
  name: "clawperator_view",
  description:
    "Look at the device's screen: a compact outline, one line per meaningful node (role, label, state, " +
    "[ref=eN] on every node you can act on). Pass a ref as `ref` to clawperator_click, _type, _read, _wait or " +
    "_scroll instead of a matcher. The action tools return the view after acting (by default what changed: " +
    "`<unchanged N>` stands for N lines as they were), so call this first and when you need the whole screen " +
    "again. A ref keeps its number while its node stays on the screen.",
  input: z.strictObject({
    ...DeviceTarget,
    timeoutMs: z.number().int().min(1_000).max(120_000).optional().describe("how long to wait for the device (ms)"),
  }),
  output: ActionDetails,
  hints: OBSERVE,
  async run(ctx, { deviceId, receiverPackage, timeoutMs }) {
    const result = await (await ctx.clawperator()).view({ deviceId, receiverPackage, timeoutMs, ...sessionOf(ctx) });
    const output = viewedOutput(result, compactDetails(result), false);
    if (!result.view && !output.failure)
      return { ...output, failure: { code: "SNAPSHOT_EXTRACTION_FAILED", message: output.text } };
    return output;
  },
});
