import { z } from "zod";
import type { ViewedResult } from "../../core/services/agent-views.ts";
import { DeviceTarget, OBSERVE, zodTool, type ToolOutput } from "./agent-tool.ts";
import { ExecutionDetails } from "./output-schemas.ts";
import { executionOutput } from "./summarize.ts";

/**
 * A result that may carry the agent view as a tool output: the view's outline is the text the model reads (after the
 * action's summary when there was one); without a view, the execution's summary and why there is none.
 */
export function viewedOutput(result: ViewedResult, acted = true): ToolOutput {
  const output = executionOutput(result);
  const { view, viewError } = result;
  const head = acted ? `${output.text}\n\n` : "";
  if (view) return { ...output, text: `${head}view ${view.id} (${view.package}):\n${view.outline}` };
  if (viewError) return { ...output, text: `${output.text}\nno view: ${viewError}` };
  return output;
}

export const viewTool = zodTool({
  name: "clawperator_view",
  description:
    "Look at the device's screen: a compact outline, one line per meaningful node (role, label, state, " +
    "[ref=eN] on every node you can act on). Pass a ref as `ref` to clawperator_click, _type, _read, _wait or " +
    "_scroll instead of a matcher. Use this first and after every step; refs belong to the latest view only.",
  input: z.strictObject({
    ...DeviceTarget,
    timeoutMs: z.number().int().min(1_000).max(120_000).optional().describe("how long to wait for the device (ms)"),
  }),
  output: ExecutionDetails,
  hints: OBSERVE,
  async run(ctx, { deviceId, receiverPackage, timeoutMs }) {
    const result = await (await ctx.clawperator()).view({ deviceId, receiverPackage, timeoutMs });
    const output = viewedOutput(result, false);
    if (!result.view && !output.failure)
      return { ...output, failure: { code: "SNAPSHOT_EXTRACTION_FAILED", message: output.text } };
    return output;
  },
});
