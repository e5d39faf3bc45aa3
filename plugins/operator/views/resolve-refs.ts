import { z } from "zod";
import { type RefUse, type ViewRef, ViewRefSchema } from "../../../core/contracts/agent-view.ts";
import { REF_PATTERN, REF_SLOTS } from "../../../core/contracts/refs.ts";
import { ACTION_ALIASES } from "../../../core/contracts/aliases.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { ownValue } from "../../../core/contracts/own-key.ts";

const StoredState = z.object({
  acted: z.number().int().nonnegative(),
  view: z.object({ id: z.string(), acted: z.number().int().nonnegative(), refs: z.record(z.string(), ViewRefSchema) }),
});

/** A ref of a device's latest view, checked: it exists and no action ran on the device since the view was made. */
export function lookupRef(stored: unknown, deviceId: string, ref: string): { viewId: string; entry: ViewRef } {
  const parsed = StoredState.safeParse(stored);
  if (!parsed.success) {
    throw new ClawperatorError("REF_NOT_FOUND", `ref ${ref}: there is no view of device ${deviceId} to take it from`, {
      hint: "Take a view first: `clawperator observe view` (POST /observe/view, the clawperator_view tool).",
      details: { ref, deviceId },
    });
  }
  const { acted, view } = parsed.data;
  if (acted > view.acted) {
    throw new ClawperatorError(
      "REF_STALE",
      `ref ${ref} is from view ${view.id}, made before the last action on device ${deviceId}: the screen may have changed`,
      {
        hint: "Take a new view (or act with --view / view: true, which returns it) and use its refs.",
        details: { ref, deviceId, viewId: view.id },
      },
    );
  }
  const entry = view.refs[ref];
  if (!entry) {
    const count = Object.keys(view.refs).length;
    throw new ClawperatorError(
      "REF_NOT_FOUND",
      `ref ${ref} is not in view ${view.id} of device ${deviceId} (it has ${count === 0 ? "no refs" : `e1 to e${count}`})`,
      { details: { ref, deviceId, viewId: view.id } },
    );
  }
  return { viewId: view.id, entry };
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
