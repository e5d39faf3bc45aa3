import type { AgentView } from "../../core/contracts/agent-view.ts";
import { viewHeader } from "../../core/contracts/view-header.ts";
import type { ViewedResult } from "../../core/services/agent-views.ts";
import { center, parseBounds } from "../../android/hierarchy/bounds.ts";

/** Step data that says nothing an agent acts on (how the device did it, what the view already shows). */
const QUIET = new Set([
  "click_types",
  "click_type",
  "actual_format",
  "foreground_package",
  "has_overlay",
  "window_count",
  "launch_method",
  "cold_start",
  "application_id",
  "elapsed_ms",
  "attempt",
  "node_count",
  "max_depth",
  "settle_delay_ms",
  "distance_ratio",
  "resolved_container",
]);
/** Step data that only repeats what the agent asked for, per action type. */
const ECHOED: Readonly<Record<string, readonly string[]>> = {
  press_key: ["key"],
  enter_text: ["text", "submit"],
  scroll: ["direction"],
};
const MAX_VALUE = 200;

const short = (value: string) => {
  const flat = value.replace(/\s+/g, " ");
  return flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE)}…` : flat;
};

type Step = ViewedResult["envelope"]["stepResults"][number];

/** What a step returned that an agent reads: not how the device did it, nor what it was asked to do. */
const findingsOf = (step: Step): Array<[string, string]> =>
  step.actionType === "snapshot_ui" && step.id.startsWith("view")
    ? []
    : Object.entries(step.data).filter(([key]) => !QUIET.has(key) && !(ECHOED[step.actionType] ?? []).includes(key));

/** What the steps returned that an agent reads (a text read, a scroll's outcome), as `id: key=value` lines. */
export function stepFindings(result: ViewedResult): string[] {
  const lines: string[] = [];
  for (const step of result.envelope.stepResults) {
    const data = findingsOf(step);
    if (data.length === 0) continue;
    lines.push(`${step.id}: ${data.map(([k, v]) => `${k}=${JSON.stringify(short(v))}`).join(" ")}`);
  }
  return lines;
}

/**
 * A result as the model reads it, in as few words as say it: `ok` (or the failure's code, step, message and hint),
 * what the steps found, then the view (its header line, then the outline or the change) or why there is none. A
 * look that succeeded (`acted: false`) is its view alone.
 */
export function agentText(result: ViewedResult, acted = true): string {
  const lines: string[] = [];
  const failure = result.error;
  if (result.ok) {
    if (acted || !result.view) lines.push("ok");
  } else if (failure) {
    lines.push(`failed ${failure.code}${failure.stepId ? ` at ${failure.stepId}` : ""}: ${short(failure.message)}`);
    if (failure.hint) lines.push(`hint: ${failure.hint}`);
  } else lines.push(`failed: ${short(result.envelope.error ?? "the device reported a failed execution")}`);
  lines.push(...stepFindings(result));
  if (result.view) lines.push(viewHeader(result.view), result.view.outline);
  else if (result.viewError) lines.push(`no view: ${result.viewError}`);
  return lines.join("\n");
}

/** Where a tap on a ref lands: its coordinate when it is a coordinate ref, else the centre of its bounds. */
const pointOf = (entry: AgentView["refs"][string]): [number, number] => {
  if (entry.coordinate) return [entry.coordinate.x, entry.coordinate.y];
  const { x, y } = center(parseBounds(entry.bounds));
  return [x, y];
};

/**
 * The view as structured content: its id, what it is told against, whether the host waited for it, and the refs
 * table of the refs the text shows (an incremental view's are those of what changed), each as the point a tap on
 * it lands, [x, y] (the bounds are in the CLI's, HTTP's and the programmatic API's views). The outline is in the
 * text only; the package is on its first line.
 */
export function compactView(view: AgentView) {
  return {
    id: view.id,
    ...(view.mode ? { mode: view.mode } : {}),
    ...(view.since ? { since: view.since } : {}),
    ...(view.settled === false ? { settled: false } : {}),
    ...(view.settledMs ? { settledMs: view.settledMs } : {}),
    refs: Object.fromEntries(Object.entries(view.refs).map(([ref, entry]) => [ref, pointOf(entry)])),
  };
}

/**
 * A viewed result as structured content, for programs: ok, the device, the failure's code, what the steps found,
 * the view's id and refs table; not the envelope nor the outline again (the text has them; clawperator_execute
 * returns the envelope).
 */
export function compactDetails(result: ViewedResult) {
  const findings = result.envelope.stepResults
    .map((s) => ({ id: s.id, data: Object.fromEntries(findingsOf(s)) }))
    .filter((s) => Object.keys(s.data).length > 0);
  const { error } = result;
  return {
    ok: result.ok,
    deviceId: result.deviceId,
    ...(error
      ? {
          error: {
            code: error.code,
            message: error.message,
            ...(error.stepId ? { stepId: error.stepId } : {}),
            ...(error.nearMatches ? { nearMatches: error.nearMatches } : {}),
          },
        }
      : {}),
    ...(findings.length ? { steps: findings } : {}),
    ...(result.view ? { view: compactView(result.view) } : {}),
    ...(result.viewError ? { viewError: result.viewError } : {}),
  };
}
