import { UNCLASSIFIED } from "../../core/execution/execution-failure.ts";
import type { RunExecutionResult } from "../../core/execution/runner.ts";
import { renderResult } from "../../android/operator/render-result.ts";
import type { ToolOutput } from "./agent-tool.ts";

/** An execution's result as a tool output: the readable summary for the model, the whole result as details. */
export function executionOutput(result: RunExecutionResult): ToolOutput {
  const text = renderResult(result);
  if (result.ok) return { text, details: result };
  const failure = result.error ?? {
    code: UNCLASSIFIED,
    message: result.envelope.error ?? "the device reported a failed execution",
  };
  return { text, details: result, failure: { code: failure.code, message: failure.message } };
}

/** The snapshot XML of a result's first snapshot step, if it has one. */
export function snapshotXml(result: RunExecutionResult): string | undefined {
  const step = result.envelope.stepResults.find((s) => s.actionType === "snapshot_ui" && s.success);
  return step?.data.text;
}
