import type { ExecutionHook } from "../../../core/execution/hooks.ts";

/**
 * Puts the hierarchy XML each snapshot_ui step logged into that step's `data.text` (PROTOCOL.md "Snapshots");
 * a successful snapshot step left without text becomes SNAPSHOT_EXTRACTION_FAILED.
 */
const injectSnapshots: ExecutionHook = {
  afterResult(ctx) {
    let next = 0;
    for (const step of ctx.envelope.stepResults) {
      if (step.actionType !== "snapshot_ui" || !step.success) continue;
      const xml = ctx.snapshots[next++];
      if (xml) {
        step.data = { ...step.data, actual_format: "hierarchy_xml", text: xml };
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
