import type { AgentView } from "./agent-view.ts";

/**
 * The first line of a view as an agent reads it: its id and app, and what it is: the whole screen, or the change
 * since an earlier view (the app it came from when that changed), and whether the screen had settled.
 */
export function viewHeader(view: AgentView): string {
  const parts = [`view ${view.id} ${view.package}`];
  if (view.mode === "incremental") parts.push(`changes since ${view.since}`);
  if (view.previousPackage) parts.push(`was ${view.previousPackage}`);
  if (view.note) parts.push(view.note);
  if (view.settled === false) parts.push(`still changing after ${view.settledMs} ms`);
  return parts.join(", ");
}
