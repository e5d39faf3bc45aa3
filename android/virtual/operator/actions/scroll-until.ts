import type { ScrollOutcome } from "../../ui/ui-model.ts";
import type { ExecutionContext } from "../execution-context.ts";
import type { ActionOf } from "../command-params.ts";
import { RETRY_PRESETS } from "../../../../core/contracts/retry.ts";
import { describeMatcher, Screen } from "../screen.ts";
import { clickMatching } from "./click.ts";
import { StepFailure } from "../step-failure.ts";
import { scrollOnce } from "./scroll.ts";
import { resolvedContainer, resolveScrollContainer } from "./scroll-container.ts";
import type { ActionRunner } from "./step-data.ts";

type Termination =
  | "EDGE_REACHED"
  | "MAX_SCROLLS_REACHED"
  | "MAX_DURATION_REACHED"
  | "NO_POSITION_CHANGE"
  | "TARGET_FOUND";

/** The APK's scrollLoop; returns why it stopped and how many gestures it made. */
async function scrollLoop(
  ctx: ExecutionContext,
  params: ActionOf<"scroll_until">["params"],
  reached?: () => boolean,
): Promise<{ reason: Termination; scrolls: number }> {
  const started = ctx.now();
  let scrolls = 0;
  let unmoved = 0;
  for (;;) {
    if (ctx.now() - started >= params.maxDurationMs) return { reason: "MAX_DURATION_REACHED", scrolls };
    if (scrolls >= params.maxScrolls) return { reason: "MAX_SCROLLS_REACHED", scrolls };
    let outcome: ScrollOutcome;
    try {
      ({ outcome } = await scrollOnce(ctx, params));
    } catch (error) {
      // The container vanished mid-loop (the app navigated away): the APK reports that as the edge
      // (docs/execution.md#scroll_until-outcomes).
      if (error instanceof StepFailure) return { reason: "EDGE_REACHED", scrolls };
      throw error;
    }
    scrolls++;
    if (reached?.()) return { reason: "TARGET_FOUND", scrolls };
    if (outcome === "edge_reached") return { reason: "EDGE_REACHED", scrolls };
    unmoved = outcome === "gesture_failed" ? unmoved + 1 : 0;
    if (unmoved >= params.noPositionChangeThreshold) return { reason: "NO_POSITION_CHANGE", scrolls };
  }
}

/** With a matcher: scrolls until the node is on screen, or the loop ends for another reason. */
async function scrollToMatch(
  ctx: ExecutionContext,
  params: ActionOf<"scroll_until">["params"],
): Promise<{ reason: Termination; scrolls: number }> {
  const found = () => new Screen(ctx.ui).find(params.matcher!) !== undefined;
  return found() ? { reason: "TARGET_FOUND", scrolls: 0 } : scrollLoop(ctx, params, found);
}

/**
 * Scrolls until the content ends or a cap is hit (every termination but a missing container is a success), or,
 * with a matcher, until that node shows (then clicks it when clickAfter); a target never found is not fatal.
 */
export const scrollUntil: ActionRunner<"scroll_until"> = async (ctx, { params }) => {
  let resolved: ReturnType<typeof resolvedContainer>;
  try {
    resolved = resolvedContainer(
      resolveScrollContainer(new Screen(ctx.ui), params.container, params.findFirstScrollableChild),
    );
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    throw new StepFailure(
      error.code,
      error.message,
      { termination_reason: error.code, scrolls_executed: "0", direction: params.direction },
      false,
    );
  }
  const { reason, scrolls } = params.matcher ? await scrollToMatch(ctx, params) : await scrollLoop(ctx, params);
  const data = {
    termination_reason: reason,
    scrolls_executed: String(scrolls),
    direction: params.direction,
    ...resolved,
  };
  if (params.matcher && reason !== "TARGET_FOUND") {
    throw new StepFailure(
      "NODE_NOT_FOUND",
      `Target not found after scrolling: ${describeMatcher(params.matcher)}`,
      data,
      false,
    );
  }
  if (params.matcher && params.clickAfter)
    await clickMatching(ctx, params.matcher, params.clickType, RETRY_PRESETS.UiReadiness);
  return params.matcher ? { ...data, click_after: String(params.clickAfter) } : data;
};
