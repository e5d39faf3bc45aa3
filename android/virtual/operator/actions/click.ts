import type { RetryPreset } from "../../../../core/contracts/retry.ts";
import { area, boundsOf, center, type UiNode } from "../../tree/index.ts";
import type { ClickTypeParam, OperatorMatcher } from "../command-params.ts";
import type { ExecutionContext } from "../execution-context.ts";
import { withRetry } from "../retry.ts";
import { describeMatcher, labelOf, Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner, StepData } from "./step-data.ts";

const CLICK_TYPE_NAMES: Record<ClickTypeParam, string> = { click: "Click", long_click: "LongClick", focus: "Focus" };

/** Android's Rect.toString. */
const rect = (node: UiNode) => {
  const b = boundsOf(node);
  return `Rect(${b.left}, ${b.top} - ${b.right}, ${b.bottom})`;
};

/**
 * The APK's UiTreeManager.triggerClick: click and long_click go to the first clickable ancestor (or the node
 * itself); when that is refused a click falls back to a tap at the centre of the matched node. `focus` targets
 * the first focusable ancestor and has no gesture fallback. The UiModel offers no long-press gesture, so a
 * refused long_click fails.
 */
function clickNode(ctx: ExecutionContext, screen: Screen, node: UiNode, kind: ClickTypeParam): boolean {
  const path = `W:${screen.index.nodes.indexOf(node)}`;
  if (kind === "focus") {
    return ctx.ui.performClick(screen.selfOrAncestor(node, (n) => n.attributes.focusable === "true") ?? node, "focus");
  }
  const clickable = screen.index.clickableAncestor(node);
  if (clickable && ctx.ui.performClick(clickable, kind)) {
    const action = kind === "long_click" ? "ACTION_LONG_CLICK" : "ACTION_CLICK";
    ctx.log.tree(
      `Clicked via ${action} on class=${clickable.attributes.class ?? ""} text="${labelOf(clickable)}" bounds=` +
        `${rect(clickable)} clickable=true for id=${path}`,
    );
    ctx.log.tree(`Successfully performed ${CLICK_TYPE_NAMES[kind]} on node for id=${path}`);
    return true;
  }
  const bounds = boundsOf(node);
  if (kind === "long_click" || area(bounds) === 0) return false;
  const { x, y } = center(bounds);
  const tapped = ctx.ui.tapAt(x, y);
  ctx.log.tree(`Clicked via gesture at (${x},${y}) for id=${path} -> ${tapped}`);
  return tapped;
}

/** Finds the node and clicks it, attempt after attempt, as `retry` allows; logged as TaskUiScope.click. */
export async function clickMatching(
  ctx: ExecutionContext,
  matcher: OperatorMatcher,
  kind: ClickTypeParam,
  retry: RetryPreset,
): Promise<void> {
  const m = describeMatcher(matcher);
  ctx.log.scope("Executing UI operations");
  await withRetry(
    ctx,
    retry,
    {
      id: `click(${m})`,
      success: (_r, elapsed, attempt) => ({
        matcher: m,
        click_type: `UiTreeClickTypes(types=[${CLICK_TYPE_NAMES[kind]}])`,
        elapsed_ms: String(elapsed),
        attempt: String(attempt),
      }),
      failure: (error, attempt) => ({
        matcher: m,
        failure_point: error.code === "NODE_NOT_FOUND" ? "not_found" : "not_clickable",
        attempt: String(attempt),
      }),
    },
    () => {
      ctx.log.uiScope(`Clicking node matching: ${m}`);
      const screen = new Screen(ctx.ui);
      if (!clickNode(ctx, screen, screen.require(matcher), kind)) {
        throw new StepFailure("NODE_NOT_CLICKABLE", "Click on matching UI node failed");
      }
      ctx.log.uiScope("Successfully clicked matching node");
    },
  );
  ctx.log.scope("UI operations completed");
}

/** A tap at screen coordinates (replay skills); `focus` needs a node, so it fails here as on the device. */
async function clickAt(
  ctx: ExecutionContext,
  x: number,
  y: number,
  kind: ClickTypeParam,
  retry: RetryPreset,
): Promise<void> {
  ctx.log.scope("Executing UI operations");
  await withRetry(ctx, retry, { id: `clickAt(${x}, ${y})` }, () => {
    if (kind === "focus") throw new StepFailure("UNSUPPORTED_CLICK_TYPE", "focus click requires a matcher");
    if (kind === "long_click") throw new StepFailure("GESTURE_FAILED", `Long click gesture at (${x},${y}) failed`);
    const tapped = ctx.ui.tapAt(x, y);
    ctx.log.tree(`Clicked via gesture at (${x},${y}) -> ${tapped}`);
  });
  ctx.log.scope("UI operations completed");
}

export const click: ActionRunner<"click"> = async (ctx, { params }): Promise<StepData> => {
  if (params.coordinate) {
    await clickAt(ctx, params.coordinate.x, params.coordinate.y, params.clickType, params.retry);
    return { click_types: params.clickType, x: String(params.coordinate.x), y: String(params.coordinate.y) };
  }
  await clickMatching(ctx, params.matcher!, params.clickType, params.retry);
  return { click_types: params.clickType };
};
