import type { AgentView } from "../../../core/contracts/agent-view.ts";
import type { StepResult } from "../../../core/contracts/envelope.ts";
import { buildAgentView } from "../../../android/hierarchy/agent-view/index.ts";
import { parseHierarchy } from "../../../android/hierarchy/index.ts";

/** The view of a snapshot step's XML, named after the execution that took it; a dump that does not parse throws. */
export function viewFromSnapshot(step: StepResult, executionId: string): AgentView {
  return buildAgentView(parseHierarchy(step.data.text ?? ""), executionId);
}
