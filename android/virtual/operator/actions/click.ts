import type { RetryPreset } from "../../../../core/contracts/retry.ts";
import { area, boundsOf, center, type UiNode } from "../../../hierarchy/index.ts";
import type { ClickTypeParam, OperatorMatcher } from "../command-params.ts";
import type { ExecutionContext } from "../execution-context.ts";
import { withRetry } from "../retry.ts";
import { Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner } from "./step-data.ts";

/**
 * The APK's UiTreeManager.triggerClick: click and long_click go to the first clickable ancestor (or the node
 * itself); when that is refused a click falls back to a tap at the centre of the matched node. `focus` targets
 * the first focusable ancestor and has no gesture fallback. The UiModel offers no long-press gesture, so a
 * refused long_click fails.
 */
function clickNode(ctx: ExecutionContext, screen: Screen, node: UiNode, kind: ClickTypeParam): boolean {
  if (kind === "focus") {
    return ctx.ui.performClick(screen.selfOrAncestor(node, (n) => n.attributes.focusable === "true") ?? node, "focus");
  }
  const clickable = screen.index.clickableAncestor(node);
  if (clickable && ctx.ui.performClick(clickable, kind)) return true;
  const bounds = boundsOf(node);
  if (kind === "long_click" || area(bounds) === 0) return false;
  const { x, y } = center(bounds);
  return ctx.ui.tapAt(x, y);
}

/** Finds the node and clicks it, attempt after attempt, as `retry` allows. */
export async function clickMatching(ctx: ExecutionContext, matcher: OperatorMatcher, kind: ClickTypeParam, retry: RetryPreset): Promise<void> {
  await withRetry(ctx, retry, "click", () => {
    const screen = new Screen(ctx.ui);
    if (!clickNode(ctx, screen, screen.require(matcher), kind)) {
      throw new StepFailure("NODE_NOT_CLICKABLE", "Click on matching UI node failed");
    }
  });
}

export const click: ActionRunner<"click"> = async (ctx, { params }) => {
  await clickMatching(ctx, params.matcher, params.clickType, params.retry);
  return { click_types: params.clickType };
};
