import type { Execution } from "../../../core/contracts/execution.ts";
import type { ExecutionHook } from "../../../core/execution/hooks.ts";

/** The reference runtime's `data.warn` on a snapshot taken right after a click, word for word. */
export const SETTLE_WARNING =
  "snapshot captured without a preceding sleep step; UI may not have settled - " +
  "consider adding a sleep step between click and snapshot_ui";

/** Whether the action right before `stepId` is a click (any other step in between gives the UI time to settle). */
function followsClick(execution: Execution, stepId: string): boolean {
  const index = execution.actions.findIndex((a) => a.id === stepId);
  const before = index > 0 ? execution.actions[index - 1]!.type : undefined;
  return before === "click" || before === "scroll_and_click";
}

/**
 * Puts the hierarchy XML each snapshot_ui step logged into that step's `data.text` (docs/protocol.md#snapshots);
 * a successful snapshot step left without text becomes SNAPSHOT_EXTRACTION_FAILED. A snapshot directly after a
 * click gets the reference's settle warning in `data.warn`.
 */
const injectSnapshots: ExecutionHook = {
  afterResult(ctx) {
    let next = 0;
    for (const step of ctx.envelope.stepResults) {
      if (step.actionType !== "snapshot_ui" || !step.success) continue;
      const xml = ctx.snapshots[next++];
      if (xml) {
        step.data = { ...step.data, actual_format: "hierarchy_xml", text: xml };
        if (followsClick(ctx.execution, step.id)) step.data.warn = SETTLE_WARNING;
        continue;
      }
      step.success = false;
      step.data = {
        ...step.data,
        error: "SNAPSHOT_EXTRACTION_FAILED",
        message: "no [TaskScope] UI Hierarchy block for this step was found in the device log",
      };
      ctx.warnings.push(
        `snapshot step ${step.id}: SNAPSHOT_EXTRACTION_FAILED (run \`clawperator version --check-compat\` and ` +
          `\`clawperator doctor\`)`,
      );
    }
  },
};

export default injectSnapshots;
