import type { AgentView, ViewRef } from "../../../core/contracts/agent-view.ts";
import { agentViewOf, type ViewLine } from "../../../android/hierarchy/agent-view/build-view.ts";
import { incrementalView } from "../../../android/hierarchy/agent-view/incremental.ts";
import type { DisplaySize } from "../../../android/hierarchy/agent-view/visible.ts";
import type { UiHierarchy } from "../../../android/hierarchy/types.ts";
import { linesOf, type StoredView, type ViewState } from "./view-state.ts";

/**
 * The largest share of the full view an incremental one may take. Past half, the change saves less than half the
 * tokens while the agent still has to lay it over an earlier view it must recall; the full view, which stands alone,
 * is then the better read. Screens a change replaces (another page, another app) fall back to full this way.
 */
export const INCREMENTAL_MAX_SHARE = 0.5;

export interface PresentInput {
  state: ViewState;
  deviceId: string;
  session: string;
  hierarchy: UiHierarchy;
  display: DisplaySize | undefined;
  /** The device's acting count when the snapshot was dispatched. */
  acted: number;
  mode: "full" | "incremental";
}

const pick = (refs: Record<string, ViewRef>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => refs[name]).map((name) => [name, refs[name]!]));

/** The smallest change of `lines` against one of the session's kept views. */
function bestChange(lines: readonly ViewLine[], views: readonly StoredView[]) {
  let best: { base: StoredView; text: string; refs: string[] } | undefined;
  for (const base of views) {
    const change = incrementalView(lines, linesOf(base));
    const text = [change.text, change.removed].filter(Boolean).join("\n");
    if (!best || text.length < best.text.length) best = { base, text, refs: change.refs };
  }
  return best;
}

/**
 * A session's next view of a device, made from a snapshot and kept as its latest (with the whole screen's refs,
 * numbered in the session's lineage): the full view, or, asked for incremental, the change since whichever of its
 * kept views it differs from least (the last one, or the page an agent came back to), full when that change is more
 * than INCREMENTAL_MAX_SHARE of the full view.
 */
export function presentView(input: PresentInput): AgentView {
  const { state, deviceId, session } = input;
  const built = state.session(deviceId, session);
  const id = `v${built.seq + 1}`;
  const { view: full, lines } = agentViewOf(input.hierarchy, id, {
    ...(input.display ? { display: input.display } : {}),
    lineage: built.lineage,
  });
  state.remember(deviceId, session, full, lines, { ...built, seq: built.seq + 1, acted: input.acted });
  const latest = built.views.at(-1);
  if (input.mode === "full" || !latest) return full;
  const previousPackage = latest.package !== full.package ? { previousPackage: latest.package } : {};
  const change = bestChange(lines, built.views)!;
  if (change.text.length > INCREMENTAL_MAX_SHARE * full.outline.length) {
    return { ...full, ...previousPackage, note: `full (most changed since ${latest.id})` };
  }
  const basePackage = change.base.package !== full.package ? { previousPackage: change.base.package } : {};
  return {
    ...full,
    mode: "incremental",
    since: change.base.id,
    ...basePackage,
    outline: change.text,
    refs: pick(full.refs, change.refs),
  };
}
