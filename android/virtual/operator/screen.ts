import { findFirst, HierarchyIndex, type UiNode } from "../../hierarchy/index.ts";
import type { UiModel } from "../ui/ui-model.ts";
import type { OperatorMatcher } from "./command-params.ts";
import { StepFailure } from "./step-failure.ts";

export const describeMatcher = (matcher: OperatorMatcher): string => JSON.stringify(matcher);

/** What the APK calls a node's label: its text, or its content description when it shows no text. */
export function labelOf(node: UiNode): string {
  const text = node.attributes.text ?? "";
  return text.trim() !== "" ? text : (node.attributes["content-desc"] ?? "");
}

/**
 * One look at the screen: a fresh snapshot, indexed once. Nodes handed back to the UiModel must come from the
 * latest snapshot, so every attempt (and every step of a scroll loop) takes a new Screen.
 */
export class Screen {
  readonly index: HierarchyIndex;

  constructor(ui: UiModel) {
    this.index = new HierarchyIndex(ui.snapshot());
  }

  /** The first node in document order matching every given field. */
  find(matcher: OperatorMatcher): UiNode | undefined {
    return findFirst(this.index, matcher);
  }

  require(matcher: OperatorMatcher): UiNode {
    const node = this.find(matcher);
    if (!node) throw new StepFailure("NODE_NOT_FOUND", `No UI node found matching criteria: ${describeMatcher(matcher)}`);
    return node;
  }

  /** The node itself or its nearest ancestor for which `test` holds. */
  selfOrAncestor(node: UiNode, test: (candidate: UiNode) => boolean): UiNode | undefined {
    return test(node) ? node : this.index.ancestors(node).find(test);
  }
}
