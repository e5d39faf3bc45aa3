import { firstScrollableDescendant, isScrollable, type UiNode } from "../../tree/index.ts";
import type { OperatorMatcher } from "../command-params.ts";
import { describeMatcher, type Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";

/**
 * The container a scroll acts on. Without a matcher: the first scrollable node on screen. With one: the matched
 * node when it is scrollable, else (findFirstScrollableChild) its nearest scrollable descendant.
 * `failureData` goes into the step data of a failure.
 */
export function resolveScrollContainer(
  screen: Screen,
  container: OperatorMatcher | undefined,
  findFirstScrollableChild: boolean,
  failureData: Record<string, string> = {},
): UiNode {
  const fail = (code: string, message: string): never => {
    throw new StepFailure(code, message, failureData);
  };
  if (!container)
    return screen.index.firstScrollable() ?? fail("CONTAINER_NOT_FOUND", "No scrollable container visible");
  const matched =
    screen.find(container) ?? fail("CONTAINER_NOT_FOUND", `Container not found for ${describeMatcher(container)}`);
  if (isScrollable(matched)) return matched;
  return (
    (findFirstScrollableChild ? firstScrollableDescendant(matched) : undefined) ??
    fail("CONTAINER_NOT_SCROLLABLE", `Scrollable container not found for ${describeMatcher(container)}`)
  );
}

/** The container's resource-id for `data.resolved_container`, when it has one. */
export const resolvedContainer = (node: UiNode): Record<string, string> => {
  const id = node.attributes["resource-id"] ?? "";
  return id ? { resolved_container: id } : {};
};
