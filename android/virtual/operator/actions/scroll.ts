import type { ScrollOutcome } from "../../ui/ui-model.ts";
import type { ActionOf } from "../command-params.ts";
import type { ExecutionContext } from "../execution-context.ts";
import { withRetry } from "../retry.ts";
import { Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import { resolvedContainer, resolveScrollContainer } from "./scroll-container.ts";
import { formatFloat, type ActionRunner } from "./step-data.ts";

type ScrollParams = ActionOf<"scroll" | "scroll_until">["params"];

/**
 * One gesture on the resolved container, then the settle delay (not after a refused gesture). Throws a
 * StepFailure when no container can be resolved.
 */
export async function scrollOnce(ctx: ExecutionContext, params: ScrollParams, failureData?: Record<string, string>) {
  const container = resolveScrollContainer(
    new Screen(ctx.ui),
    params.container,
    params.findFirstScrollableChild,
    failureData,
  );
  const outcome: ScrollOutcome = ctx.ui.scroll(container, params.direction, params.distanceRatio);
  if (outcome !== "gesture_failed") await ctx.wait(params.settleDelayMs);
  return { outcome, resolved: resolvedContainer(container) };
}

/**
 * A single scroll that reports whether content moved; edge_reached is a success. A refused gesture or a missing
 * container is answered as a failed step, not thrown: the APK's scroll errors do not stop the command.
 */
export const scroll: ActionRunner<"scroll"> = async (ctx, { params }) => {
  const direction = params.direction;
  const settle_delay_ms = String(params.settleDelayMs);
  let done: Awaited<ReturnType<typeof scrollOnce>>;
  try {
    done = await withRetry(ctx, params.retry, { id: `scroll(direction=${direction})` }, () =>
      scrollOnce(ctx, params, { direction, settle_delay_ms }),
    );
  } catch (error) {
    throw error instanceof StepFailure ? error.notFatal() : error;
  }
  const data = {
    scroll_outcome: done.outcome,
    direction,
    distance_ratio: formatFloat(params.distanceRatio),
    settle_delay_ms,
    ...done.resolved,
  };
  if (done.outcome === "gesture_failed")
    throw new StepFailure("GESTURE_FAILED", "The OS rejected the scroll gesture", data, false);
  return data;
};
