import { withRetry } from "../retry.ts";
import { labelOf, Screen } from "../screen.ts";
import type { ActionRunner } from "./step-data.ts";

/** Polls the screen (retry preset UiReadiness unless given) until the node appears. */
export const waitForNode: ActionRunner<"wait_for_node"> = async (ctx, { params }) => {
  const node = await withRetry(ctx, params.retry, "wait_for_node", () => new Screen(ctx.ui).require(params.matcher));
  return { resource_id: node.attributes["resource-id"] ?? "", label: labelOf(node) };
};
