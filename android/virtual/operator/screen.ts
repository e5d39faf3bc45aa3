import { HierarchyIndex, type UiNode } from "../../hierarchy/index.ts";
import type { UiModel } from "../ui/ui-model.ts";
import type { OperatorMatcher } from "./command-params.ts";
import { nodeMatcherString } from "./kotlin-strings.ts";
import { StepFailure } from "./step-failure.ts";

export const describeMatcher = nodeMatcherString;

/** What the APK calls a node's label: its text, or its content description when it shows no text. */
export function labelOf(node: UiNode): string {
  const text = node.attributes.text ?? "";
  return text.trim() !== "" ? text : (node.attributes["content-desc"] ?? "");
}

const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/**
 * The APK's NodeMatcher.matches: every present field (`""` counts) must hold; `…Equals` and resourceId exact,
 * `…Contains` case-insensitive, `role` case-insensitive; the text fields compare against the node's label.
 */
export function apkMatches(node: UiNode, m: OperatorMatcher, index: HierarchyIndex): boolean {
  const label = labelOf(node);
  if (m.resourceId !== undefined && (node.attributes["resource-id"] ?? "") !== m.resourceId) return false;
  if (m.textEquals !== undefined && label !== m.textEquals) return false;
  if (m.textContains !== undefined && !contains(label, m.textContains)) return false;
  if (m.contentDescEquals !== undefined && label !== m.contentDescEquals) return false;
  if (m.contentDescContains !== undefined && !contains(label, m.contentDescContains)) return false;
  if (m.role !== undefined && (index.role(node) ?? "unknown") !== m.role.toLowerCase()) return false;
  return true;
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

  /** Every matching node in document order, inside `within` when given. */
  findAll(matcher: OperatorMatcher, within?: UiNode): UiNode[] {
    const nodes = within
      ? this.index.nodes.filter((n) => n !== within && this.index.ancestors(n).includes(within))
      : this.index.nodes;
    return nodes.filter((node) => apkMatches(node, matcher, this.index));
  }

  /** The first node in document order matching every given field. */
  find(matcher: OperatorMatcher, within?: UiNode): UiNode | undefined {
    if (within) return this.findAll(matcher, within)[0];
    return this.index.nodes.find((node) => apkMatches(node, matcher, this.index));
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
