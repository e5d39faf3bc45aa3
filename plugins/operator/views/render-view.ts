import type { ViewedResult } from "../../../core/services/agent-views.ts";
import { viewHeader } from "../../../core/contracts/view-header.ts";
import { renderResult } from "../../../android/operator/render-result.ts";

/**
 * An execution's result for people, and the view when it brought one: the result's summary, then the outline
 * under a line naming the view (its refs are what `--ref` takes next).
 */
export function renderViewed(result: ViewedResult): string {
  const lines = [renderResult(result)];
  for (const use of result.refs ?? []) {
    const target = use.used === "coordinate" ? JSON.stringify(use.coordinate) : JSON.stringify(use.matcher);
    lines.push(`  ref ${use.ref} (view ${use.viewId}) -> ${use.used} ${target}`);
  }
  if (result.viewError) lines.push(`  no view: ${result.viewError}`);
  if (result.view) lines.push("", viewHeader(result.view), result.view.outline);
  return lines.join("\n");
}
