import type { RunExecutionResult } from "../../core/execution/runner.ts";
import { renderResult } from "../../android/operator/render-result.ts";
import type { ToolOutput } from "./agent-tool.ts";

/** An execution's result as a tool output: the readable summary for the model, the whole result as details. */
export function executionOutput(result: RunExecutionResult): ToolOutput {
  return { text: renderResult(result), details: result };
}

/** The snapshot XML of a result's first snapshot step, if it has one. */
export function snapshotXml(result: RunExecutionResult): string | undefined {
  const step = result.envelope.stepResults.find((s) => s.actionType === "snapshot_ui" && s.success);
  return step?.data.text;
}
