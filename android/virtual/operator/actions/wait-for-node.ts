import { boundsOf } from "../../tree/index.ts";
import { withRetry } from "../retry.ts";
import { describeMatcher, labelOf, Screen } from "../screen.ts";
import type { ActionRunner } from "./step-data.ts";

/**
 * Polls the screen until the node appears: with `timeoutMs`, for that long (retry delays between looks), else for
 * the retry's attempts (UiReadiness unless given).
 */
export const waitForNode: ActionRunner<"wait_for_node"> = async (ctx, { params }) => {
  const m = describeMatcher(params.matcher);
  const deadline = params.timeoutMs === undefined ? undefined : ctx.now() + params.timeoutMs;
  ctx.log.scope("Executing UI operations");
  const node = await withRetry(
    ctx,
    params.retry,
    { id: `waitForNode(${m})` },
    () => {
      ctx.log.uiScope(`Waiting for node matching: ${m}`);
      const screen = new Screen(ctx.ui);
      const found = screen.require(params.matcher);
      const b = boundsOf(found);
      ctx.log.uiScope(
        `Found matching node: TaskUiNode(resourceId=${found.attributes["resource-id"] || "null"}, label=` +
          `${labelOf(found)}, ` +
          `clickable=${found.attributes.clickable === "true"}, role=${screen.index.role(found) ?? "unknown"}, ` +
          `bounds=Rect(${b.left}, ${b.top} - ${b.right}, ${b.bottom}), debugPath=W:` +
          `${screen.index.nodes.indexOf(found)})`,
      );
      return found;
    },
    deadline,
  );
  ctx.log.scope("UI operations completed");
  return { resource_id: node.attributes["resource-id"] ?? "", label: labelOf(node) };
};
