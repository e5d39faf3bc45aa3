import { HierarchyIndex, labelOf, matchesNode, type UiNode } from "../tree/index.ts";
import type { UiModel } from "../ui/ui-model.ts";
import type { OperatorMatcher } from "./command-params.ts";
import { nodeMatcherString } from "./kotlin-strings.ts";
import { StepFailure } from "./step-failure.ts";

export const describeMatcher = nodeMatcherString;
export { labelOf };

/**
 * One look at the screen: a fresh snapshot, indexed once. Nodes handed back to the UiModel must come from the
 * latest snapshot, so every attempt (and every step of a scroll loop) takes a new Screen.
 */
export class Screen {
  readonly index: HierarchyIndex;

  constructor(ui: UiModel) {
    this.index = new HierarchyIndex(ui.snapshot());
  }

  /** Every matching node in document order, inside `within` when given. */
  findAll(matcher: OperatorMatcher, within?: UiNode): UiNode[] {
    const nodes = within
      ? this.index.nodes.filter((n) => n !== within && this.index.ancestors(n).includes(within))
      : this.index.nodes;
    return nodes.filter((node) => matchesNode(node, matcher, this.index));
  }

  /** The first node in document order matching every given field. */
  find(matcher: OperatorMatcher, within?: UiNode): UiNode | undefined {
    if (within) return this.findAll(matcher, within)[0];
    return this.index.nodes.find((node) => matchesNode(node, matcher, this.index));
  }

  require(matcher: OperatorMatcher, within?: UiNode): UiNode {
    const node = this.find(matcher, within);
    if (!node)
      throw new StepFailure("NODE_NOT_FOUND", `No UI node found matching criteria: ${describeMatcher(matcher)}`);
    return node;
  }

  /** The node itself or its nearest ancestor for which `test` holds. */
  selfOrAncestor(node: UiNode, test: (candidate: UiNode) => boolean): UiNode | undefined {
    return test(node) ? node : this.index.ancestors(node).find(test);
  }
}
