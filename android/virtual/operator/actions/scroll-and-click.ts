import { withRetry } from "../retry.ts";
import { describeMatcher, Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import { clickMatching } from "./click.ts";
import { resolveScrollContainer } from "./scroll-container.ts";
import type { ActionRunner } from "./step-data.ts";

/**
 * Scrolls the container until the target is on screen (at most maxSwipes gestures; two gestures in a row that hit
 * the edge end the search early), then clicks it unless clickAfter is false. The search is retried with
 * scrollRetry when the container is missing, the click with clickRetry.
 */
export const scrollAndClick: ActionRunner<"scroll_and_click"> = async (ctx, { params }) => {
  const found = await withRetry(
    ctx,
    params.scrollRetry,
    { id: `scrollUntil(target=${describeMatcher(params.matcher)})` },
    async () => {
      let edges = 0;
      for (let swipe = 0; ; swipe++) {
        const screen = new Screen(ctx.ui);
        const container = resolveScrollContainer(screen, params.container, params.findFirstScrollableChild);
        if (screen.find(params.matcher)) return true;
        if (swipe === params.maxSwipes) return false;
        const outcome = ctx.ui.scroll(container, params.direction, params.distanceRatio);
        await ctx.wait(params.settleDelayMs);
        if (outcome === "gesture_failed") continue;
        edges = outcome === "edge_reached" ? edges + 1 : 0;
        if (edges >= 2) return false;
      }
    },
  );
  if (!found)
    throw new StepFailure(
      "NODE_NOT_FOUND",
      `Target node not found after scrolling: ${describeMatcher(params.matcher)}`,
    );
  if (params.clickAfter) await clickMatching(ctx, params.matcher, params.clickType, params.clickRetry);
  return {
    max_swipes: String(params.maxSwipes),
    direction: params.direction,
    click_types: params.clickType,
    click_after: String(params.clickAfter),
  };
};
