import type { RefUse, ViewRef } from "../../../core/contracts/agent-view.ts";
import { issued } from "../../../android/hierarchy/agent-view/lineage.ts";
import type { SessionState } from "./view-state.ts";
import { REF_PATTERN, REF_SLOTS } from "../../../core/contracts/refs.ts";
import { ACTION_ALIASES } from "../../../core/contracts/aliases.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { ownValue } from "../../../core/contracts/own-key.ts";

/** What a ref was, in the session's earlier views: the name of its node, and the view that last showed it. */
function lastSeen(session: SessionState, ref: string): { name: string; viewId: string } | undefined {
  for (const view of [...session.views].reverse()) {
    const line = (Array.isArray(view.lines) ? view.lines : []).find((l) => l[4] === ref);
    if (line) return { name: line[3], viewId: view.id };
  }
  return undefined;
}

/**
 * A ref of a session's latest view of a device, checked: it was issued, no action ran on the device since the
 * view was made, and its node is in that view.
 */
export function lookupRef(
  session: SessionState,
  deviceActed: number,
  deviceId: string,
  ref: string,
): { viewId: string; entry: ViewRef } {
  const latest = session.views.at(-1);
  if (!latest) {
    throw new ClawperatorError("REF_NOT_FOUND", `ref ${ref}: there is no view of device ${deviceId} to take it from`, {
      hint: "Take a view first: `clawperator observe view` (POST /observe/view, the clawperator_view tool).",
      details: { ref, deviceId },
    });
  }
  if (!issued(session.lineage, ref)) {
    const last = session.lineage.next - 1;
    throw new ClawperatorError(
      "REF_NOT_FOUND",
      `ref ${ref} was never issued for device ${deviceId} (${last === 0 ? "no refs yet" : `refs so far: e1 to e${last}`})`,
      { details: { ref, deviceId, viewId: latest.id } },
    );
  }
  if (deviceActed > latest.acted) {
    throw new ClawperatorError(
      "REF_STALE",
      `ref ${ref} is from view ${latest.id}, made before the last action on device ${deviceId}: the screen may have changed`,
      {
        hint: 'Take a new view (or act with --view / view: "incremental", which returns it) and use its refs.',
        details: { ref, deviceId, viewId: latest.id },
      },
    );
  }
  const entry = ownValue(latest.refs, ref);
  if (!entry) {
    const seen = lastSeen(session, ref);
    throw new ClawperatorError(
      "REF_STALE",
      `ref ${ref}${seen ? ` (${seen.name}, in view ${seen.viewId})` : ""} is not on the screen of view ${latest.id}: ` +
        "its node went away",
      {
        hint: "Use a ref the latest view shows, or look again.",
        details: { ref, deviceId, viewId: latest.id },
      },
    );
  }
  return { viewId: latest.id, entry };
}

const invalid = (path: string, message: string) =>
  new ClawperatorError("EXECUTION_VALIDATION_FAILED", `${path}: ${message}`, { details: { path } });

type Lookup = (ref: string) => { viewId: string; entry: ViewRef };

/**
 * Replaces `params.ref` in an execution's actions by what the ref resolves to: its unique matcher; for a click
 * without one, the matcher of a node inside it whose click reaches it, else its centre as a coordinate. Any other
 * action on a ref without a unique matcher is REF_NOT_UNIQUE. The input is not changed; a new execution is returned.
 */
export function resolveRefs(input: unknown, lookup: Lookup): { execution: unknown; uses: RefUse[] } {
  const source = input as { actions?: unknown };
  if (!Array.isArray(source?.actions)) return { execution: input, uses: [] };
  const uses: RefUse[] = [];
  const actions = source.actions.map((action: unknown, i: number) => {
    const a = action as { id?: unknown; type?: unknown; params?: Record<string, unknown> } | null;
    if (a?.params?.ref === undefined) return action;
    const path = `actions[${i}].params.ref`;
    const { ref, ...params } = a.params;
    if (typeof ref !== "string" || !REF_PATTERN.test(ref))
      throw invalid(path, `a ref is e and a number, as the view writes it, e.g. "e12" (got ${JSON.stringify(ref)})`);
    const raw = String(a.type ?? "")
      .trim()
      .toLowerCase();
    const type = ownValue(ACTION_ALIASES, raw)?.type ?? raw;
    const slot = ownValue(REF_SLOTS, type);
    if (!slot) throw invalid(path, `${type || "this action"} acts on no node, so it takes no ref`);
    if (params[slot] !== undefined || (type === "click" && params.coordinate !== undefined))
      throw invalid(path, `ref and ${type === "click" ? "matcher/coordinate" : slot} are exclusive; give one`);
    const { viewId, entry } = lookup(ref);
    const base = { actionId: String(a.id ?? ""), ref, viewId };
    if (entry.unique && entry.matcher) {
      uses.push({ ...base, used: "matcher", matcher: entry.matcher });
      return { ...a, params: { ...params, [slot]: entry.matcher } };
    }
    const focus = String(params.clickType ?? "").toLowerCase() === "focus";
    if (type === "click" && !focus && entry.clickMatcher) {
      uses.push({ ...base, used: "clickMatcher", matcher: entry.clickMatcher });
      return { ...a, params: { ...params, matcher: entry.clickMatcher } };
    }
    if (type === "click" && !focus && entry.coordinate) {
      uses.push({ ...base, used: "coordinate", coordinate: entry.coordinate });
      return { ...a, params: { ...params, coordinate: entry.coordinate } };
    }
    throw new ClawperatorError(
      "REF_NOT_UNIQUE",
      `${path}: no matcher selects ${ref} alone on that screen, so only a click (at its centre) can take it`,
      {
        hint: `Click it, or name the node with a matcher of your own (it is at ${entry.bounds}).`,
        details: { ref, viewId, bounds: entry.bounds },
      },
    );
  });
  return { execution: { ...source, actions }, uses };
}
