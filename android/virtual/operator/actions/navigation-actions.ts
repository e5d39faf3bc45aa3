import { withRetry } from "../retry.ts";
import { describeMatcher, labelOf, Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner } from "./step-data.ts";

const POLL: Parameters<typeof withRetry>[1] = {
  maxAttempts: 1,
  initialDelayMs: 250,
  maxDelayMs: 250,
  backoffMultiplier: 1,
  jitterRatio: 0,
};

/** Polls until the foreground package and/or a node show the navigation happened, for at most `timeoutMs`. */
export const waitForNavigation: ActionRunner<"wait_for_navigation"> = async (ctx, { params }) => {
  const { expectedPackage, expectedNode } = params;
  await withRetry(
    ctx,
    POLL,
    { id: "waitForNavigation", scope: "task" },
    () => {
      const foreground = ctx.ui.foregroundPackage();
      if (expectedPackage !== undefined && foreground !== expectedPackage) {
        throw new StepFailure("NAVIGATION_TIMEOUT", `Foreground package is ${foreground}, expected ${expectedPackage}`);
      }
      if (expectedNode !== undefined) new Screen(ctx.ui).require(expectedNode);
    },
    ctx.now() + params.timeoutMs!,
  );
  return {
    foreground_package: ctx.ui.foregroundPackage(),
    ...(expectedPackage !== undefined ? { expected_package: expectedPackage } : {}),
    ...(expectedNode !== undefined ? { expected_node: describeMatcher(expectedNode) } : {}),
  };
};

/**
 * A label and the value shown beside it (a settings row): the first node after the label, in document order and
 * not inside it, that has a label of its own.
 */
export const readKeyValuePair: ActionRunner<"read_key_value_pair"> = async (ctx, { params }) => {
  const m = describeMatcher(params.labelMatcher);
  return withRetry(ctx, params.retry, { id: `readKeyValuePair(${m})` }, () => {
    const screen = new Screen(ctx.ui);
    const label = screen.require(params.labelMatcher);
    const nodes = screen.index.nodes;
    const value = nodes
      .slice(nodes.indexOf(label) + 1)
      .find((n) => !screen.index.ancestors(n).includes(label) && labelOf(n).trim() !== "");
    if (!value) throw new StepFailure("NODE_NOT_FOUND", `No value node found next to label matching criteria: ${m}`);
    return { key: labelOf(label), value: labelOf(value) };
  });
};
