import type { RunExecutionResult } from "../../../core/execution/runner.ts";
import { parseHierarchy } from "../../../android/hierarchy/parse.ts";
import { settleSignature } from "../../../android/hierarchy/settle-signature.ts";
import type { UiHierarchy } from "../../../android/hierarchy/types.ts";

/** The step id of the snapshot a view is made from, and of the one that checks the screen had settled. */
export const VIEW_STEP = "view";
export const SETTLE_STEP = "view-settle";

/** A snapshot taken for a view: the execution's result, which step holds the XML, and the XML parsed. */
export interface Capture {
  result: RunExecutionResult;
  commandId: string;
  stepId: string;
  hierarchy?: UiHierarchy;
}

export interface Settled {
  capture: Capture;
  settled: boolean;
  /** How long the host waited beyond the action's own execution for two captures to agree. */
  settledMs: number;
}

const xmlOf = (capture: Capture, stepId: string) => {
  const step = capture.result.envelope.stepResults.find((s) => s.id === stepId);
  return step?.success ? step.data.text : undefined;
};

/**
 * Waits, without sleeping, until the screen has settled: two captures in a row that agree (settleSignature: the
 * nodes, their texts, bounds and states, clocks and spinners left out). The action's execution ends with two
 * snapshots taken back to back, so a static screen costs one capture more and no round trip; while they differ,
 * the screen is captured again (`again`), each capture compared with the one before, until two agree or
 * `ceilingMs` has passed (then `settled: false`, and the view is made from the last capture).
 */
export async function settle(
  first: Capture,
  settleStep: string,
  again: () => Promise<Capture>,
  ceilingMs: number,
  now: () => number,
): Promise<Settled> {
  const a = xmlOf(first, first.stepId);
  const b = xmlOf(first, settleStep);
  if (a === undefined || b === undefined) return { capture: first, settled: true, settledMs: 0 };
  let last: Capture;
  let signature: string;
  try {
    const before = settleSignature(parseHierarchy(a));
    const hierarchy = parseHierarchy(b);
    last = { ...first, stepId: settleStep, hierarchy };
    signature = settleSignature(hierarchy);
    if (signature === before) return { capture: last, settled: true, settledMs: 0 };
  } catch {
    // The view reports the dump that does not parse.
    return { capture: first, settled: true, settledMs: 0 };
  }
  const start = now();
  const waited = () => Math.round(now() - start);
  while (now() - start < ceilingMs) {
    let next: Capture;
    let xml: string | undefined;
    try {
      next = await again();
      xml = xmlOf(next, next.stepId);
      if (xml === undefined) break;
      next = { ...next, hierarchy: parseHierarchy(xml) };
    } catch {
      // A capture that fails ends the wait; the last good one is the view.
      break;
    }
    const current = settleSignature(next.hierarchy!);
    if (current === signature) return { capture: next, settled: true, settledMs: waited() };
    last = next;
    signature = current;
  }
  return { capture: last, settled: false, settledMs: waited() };
}
