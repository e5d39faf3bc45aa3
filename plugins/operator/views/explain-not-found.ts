import type { AgentView } from "../../../core/contracts/agent-view.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import type { ExecutionFailure } from "../../../core/execution/execution-failure.ts";
import type { RunExecutionResult } from "../../../core/execution/runner.ts";
import { parseBounds } from "../../../android/hierarchy/bounds.ts";
import { labelOf, type MatcherFields } from "../../../android/hierarchy/matcher.ts";
import { nearMatches } from "../../../android/hierarchy/near-matches.ts";
import type { UiHierarchy, UiNode } from "../../../android/hierarchy/types.ts";

/** The matcher of the action that found nothing: the failed step's, else the only action that has one. */
export function failedMatcher(execution: Execution, error: ExecutionFailure | undefined): MatcherFields | undefined {
  if (error?.code !== "NODE_NOT_FOUND") return undefined;
  const matcherOf = (action: Execution["actions"][number]) =>
    (action.params as { matcher?: MatcherFields } | undefined)?.matcher;
  const failed = execution.actions.find((action) => action.id === error.stepId);
  if (failed) return matcherOf(failed);
  const withMatchers = execution.actions.filter((action) => matcherOf(action) !== undefined);
  return withMatchers.length === 1 ? matcherOf(withMatchers[0]!) : undefined;
}

/** The smallest ref of `view` whose bounds hold the node: the node itself, or the row it is the title of. */
function refOf(view: AgentView, node: UiNode): string | undefined {
  const b = parseBounds(node.attributes.bounds);
  let best: { ref: string; area: number } | undefined;
  for (const [ref, entry] of Object.entries(view.refs)) {
    const r = parseBounds(entry.bounds);
    if (r.left > b.left || r.top > b.top || r.right < b.right || r.bottom < b.bottom) continue;
    const area = (r.right - r.left) * (r.bottom - r.top);
    if (!best || area < best.area) best = { ref, area };
  }
  return best?.ref;
}

/**
 * A NODE_NOT_FOUND failure, told what is on the screen now: the nodes whose text is close to what the matcher asked
 * for, each with its ref in `view` (the screen taken after the failure) and a matcher that selects it.
 */
export function explainNotFound(
  result: RunExecutionResult,
  matcher: MatcherFields,
  screen: { hierarchy: UiHierarchy; view: AgentView },
): RunExecutionResult {
  if (!result.error) return result;
  const near = nearMatches(screen.hierarchy, matcher).map((node) => {
    const ref = refOf(screen.view, node);
    return { label: labelOf(node), ...(ref ? { ref } : {}), matcher: { textEquals: labelOf(node) } };
  });
  if (near.length === 0) return result;
  const named = near.map((n) => `${JSON.stringify(n.label)}${n.ref ? ` [ref=${n.ref}]` : ""}`).join(", ");
  return {
    ...result,
    error: {
      ...result.error,
      hint: `${result.error.hint ?? ""} Close to ${JSON.stringify(matcher)}, on the screen now: ${named}.`.trim(),
      nearMatches: near,
    },
  };
}
