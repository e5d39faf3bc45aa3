import type { HierarchyIndex, MatcherFields, UiNode } from "../../../android/hierarchy/index.ts";
import type { SkillInputs } from "./skill-inputs.ts";
import { nodeMatcher } from "./targets.ts";

const textOf = (node: UiNode) => (node.attributes.text ?? "").trim();
const readsItsOwnText = (matcher: MatcherFields) =>
  matcher.textEquals !== undefined || matcher.textContains !== undefined;

/**
 * What the skill reads as its result on the last screen: a text node found without its text (by id or
 * description), so the read reports the value it shows; else the first text that was not on the screen before
 * (what the last step brought); else the first text with a unique matcher. Never a field, nor a label that looks
 * user-specific, nor one the person typed.
 */
export function readTarget(
  screen: HierarchyIndex,
  before: HierarchyIndex | undefined,
  inputs: SkillInputs,
): MatcherFields | undefined {
  const seenBefore = new Set(before?.nodes.map(textOf) ?? []);
  const candidates: Array<{ node: UiNode; matcher: MatcherFields }> = [];
  for (const node of screen.nodes) {
    const text = textOf(node);
    if (text === "" || screen.role(node) === "textfield" || inputs.isVariable(text)) continue;
    const matcher = nodeMatcher(screen, node);
    if (matcher) candidates.push({ node, matcher });
  }
  const byValue = candidates.find((c) => !readsItsOwnText(c.matcher) && c.node.attributes.clickable !== "true");
  const fresh = candidates.find((c) => !seenBefore.has(textOf(c.node)));
  return (byValue ?? fresh ?? candidates[0])?.matcher;
}
