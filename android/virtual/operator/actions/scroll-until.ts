import type { ExecutionContext } from "../execution-context.ts";
import type { ActionOf } from "../command-params.ts";
import { Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import { scrollOnce } from "./scroll.ts";
import { resolvedContainer, resolveScrollContainer } from "./scroll-container.ts";
import type { ActionRunner } from "./step-data.ts";

type Termination = "EDGE_REACHED" | "MAX_SCROLLS_REACHED" | "MAX_DURATION_REACHED" | "NO_POSITION_CHANGE";

/** The APK's scrollLoop; returns why it stopped and how many gestures it made. */
async function scrollLoop(ctx: ExecutionContext, params: ActionOf<"scroll_until">["params"]): Promise<{ reason: Termination; scrolls: number }> {
  const started = ctx.now();
  let scrolls = 0;
  let unmoved = 0;
  for (;;) {
    if (ctx.now() - started >= params.maxDurationMs) return { reason: "MAX_DURATION_REACHED", scrolls };
    if (scrolls >= params.maxScrolls) return { reason: "MAX_SCROLLS_REACHED", scrolls };
    let outcome;
    try {
      ({ outcome } = await scrollOnce(ctx, params));
    } catch (error) {
      // The container vanished mid-loop (the app navigated away): the APK reports that as the edge (spec/001).
      if (error instanceof StepFailure) return { reason: "EDGE_REACHED", scrolls };
      throw error;
    }
    scrolls++;
    if (outcome === "edge_reached") return { reason: "EDGE_REACHED", scrolls };
    unmoved = outcome === "gesture_failed" ? unmoved + 1 : 0;
    if (unmoved >= params.noPositionChangeThreshold) return { reason: "NO_POSITION_CHANGE", scrolls };
  }
}

/** Scrolls until the content ends or a cap is hit; every termination but a missing container is a success. */
export const scrollUntil: ActionRunner<"scroll_until"> = async (ctx, { params }) => {
  let resolved;
  try {
    resolved = resolvedContainer(resolveScrollContainer(new Screen(ctx.ui), params.container, params.findFirstScrollableChild));
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    throw new StepFailure(error.code, error.message, { termination_reason: error.code, scrolls_executed: "0", direction: params.direction });
  }
  const { reason, scrolls } = await scrollLoop(ctx, params);
  return { termination_reason: reason, scrolls_executed: String(scrolls), direction: params.direction, ...resolved };
};
