import type { AgentView, RefUse, ViewMode } from "../../../core/contracts/agent-view.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { EXPECTED_FORMAT, LIMITS } from "../../../core/contracts/limits.ts";
import { namesRefs } from "../../../core/contracts/refs.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import type { ExecutionRunner, RunExecutionResult } from "../../../core/execution/runner.ts";
import { monotonicMs } from "../../../core/host/monotonic-ms.ts";
import { randomHex } from "../../../core/host/random.ts";
import type { AgentViews, ObserveOptions, ViewedResult, ViewRunOptions } from "../../../core/services/agent-views.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { center, parseBounds } from "../../../android/hierarchy/bounds.ts";
import { parseHierarchy } from "../../../android/hierarchy/parse.ts";
import { lookupRef, resolveRefs } from "./resolve-refs.ts";
import type { ViewState } from "./view-state.ts";
import { explainNotFound, failedMatcher } from "./explain-not-found.ts";
import { presentView } from "./present-view.ts";
import { settle, SETTLE_STEP, VIEW_STEP, type Capture } from "./settle.ts";
import { displayOf } from "./display.ts";

export interface AgentViewsDeps {
  runner: () => ExecutionRunner;
  transport: () => Transport;
  state: () => ViewState;
  /** The execution `source` of the views this front end takes (clawperator-cli, serve-api, ...). */
  source: string;
  /** The session of a call that names none: the CLI's, or the programmatic API's. */
  session: string;
  /** The most act-and-see waits for the screen to settle (ms). */
  settleCeilingMs: () => number;
  now?: () => number;
}

const DEFAULT_SETTLE_CEILING_MS = 1_500;

/** A step id no action of the execution has: `base`, else `base-2`, ... */
function freeStepId(execution: Execution, base: string): string {
  const taken = new Set(execution.actions.map((a) => a.id));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** `view` as a mode: `true` is the default, incremental; absent or `false` is none. */
const modeOf = (view: ViewRunOptions["view"]): ViewMode =>
  view === true ? "incremental" : view === false || view === undefined ? "none" : view;

/**
 * The result with the view's steps finished: the appended snapshot's XML and its settle warning taken out (the view
 * replaces the XML, and the host waited for the screen itself), the settle check's step left out.
 */
function withoutViewSteps(result: RunExecutionResult, viewStep: string, settleStep: string): RunExecutionResult {
  const stepResults = result.envelope.stepResults
    .filter((s) => s.id !== settleStep)
    .map((s) => {
      if (s.id !== viewStep) return s;
      const { text: _xml, warn: _warn, ...data } = s.data;
      return { ...s, data };
    });
  return { ...result, envelope: { ...result.envelope, stepResults } };
}

/** The AgentViews service over the execution runner: refs resolve against `state`, views are taken as snapshots. */
export function createAgentViews(deps: AgentViewsDeps): AgentViews {
  const now = deps.now ?? monotonicMs;
  const deviceOf = async (deviceId: string | undefined) =>
    deviceId ?? selectDevice(await deps.transport().listDevices(), undefined);

  const snapshotExecution = (timeoutMs: number | undefined, steps: string[]): Execution => ({
    commandId: `view-${Date.now()}-${randomHex(3)}`,
    taskId: `${deps.source}-view`,
    source: deps.source,
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: timeoutMs ?? 30_000,
    actions: steps.map((id) => ({ id, type: "snapshot_ui" as const })),
  });

  /** One snapshot execution: its result, and the XML of its first snapshot step. */
  const capture = async (target: ObserveOptions, steps = [VIEW_STEP]): Promise<Capture> => {
    const execution = snapshotExecution(target.timeoutMs, steps);
    const result = await deps.runner().run({
      execution,
      ...(target.deviceId ? { deviceId: target.deviceId } : {}),
      ...(target.receiverPackage ? { receiverPackage: target.receiverPackage } : {}),
    });
    return { result, commandId: execution.commandId, stepId: VIEW_STEP };
  };

  /** The view of a capture, kept as the session's latest; a snapshot that failed or did not parse gives `viewError`. */
  const viewed = async (
    base: RunExecutionResult,
    taken: Capture,
    session: string,
    mode: "full" | "incremental",
    settled?: Pick<AgentView, "settled" | "settledMs">,
  ): Promise<ViewedResult> => {
    const step = taken.result.envelope.stepResults.find((s) => s.id === taken.stepId);
    if (!step?.success || !step.data.text) {
      const why = step?.error ?? `the snapshot step ${taken.stepId} did not run or returned no hierarchy`;
      return { ...base, viewError: why };
    }
    try {
      const hierarchy = taken.hierarchy ?? parseHierarchy(step.data.text);
      const state = deps.state();
      const display = await displayOf(deps.transport(), state, base.deviceId);
      const acted = state.actedAt(base.deviceId, taken.commandId);
      const view = presentView({ state, deviceId: base.deviceId, session, hierarchy, display, acted, mode });
      const wait = settled ? { settled: settled.settled, settledMs: settled.settledMs } : {};
      return { ...base, view: { ...view, ...wait } };
    } catch (error) {
      return { ...base, viewError: `the snapshot did not parse: ${(error as Error).message}` };
    }
  };

  const observe = async (options: ObserveOptions = {}): Promise<ViewedResult> => {
    const session = options.session ?? deps.session;
    if (!options.settle) {
      const taken = await capture(options);
      return viewed(withoutViewSteps(taken.result, VIEW_STEP, SETTLE_STEP), taken, session, options.mode ?? "full");
    }
    const first = await capture(options, [VIEW_STEP, SETTLE_STEP]);
    const target = { ...options, deviceId: first.result.deviceId };
    const outcome = await settle(first, SETTLE_STEP, () => capture(target), deps.settleCeilingMs(), now);
    const base = withoutViewSteps(first.result, VIEW_STEP, SETTLE_STEP);
    return viewed(base, outcome.capture, session, options.mode ?? "full", outcome);
  };

  /** A matcher that found nothing: the screen is looked at once more, and what is close to it is named. */
  const explained = async (
    result: RunExecutionResult,
    execution: Execution,
    session: string,
  ): Promise<RunExecutionResult> => {
    const matcher = failedMatcher(execution, result.error);
    if (!matcher) return result;
    try {
      const taken = await capture({ deviceId: result.deviceId });
      const seen = await viewed(taken.result, taken, session, "full");
      const xml = taken.result.envelope.stepResults.find((s) => s.id === VIEW_STEP)?.data.text;
      if (!seen.view || xml === undefined) return result;
      return explainNotFound(result, matcher, { hierarchy: parseHierarchy(xml), view: seen.view });
    } catch {
      // The failure stands as it is; the look at the screen was only a help.
      return result;
    }
  };

  const lookup = (deviceId: string, session: string, ref: string) => {
    const state = deps.state();
    return lookupRef(state.session(deviceId, session), state.acted(deviceId), deviceId, ref);
  };

  return {
    observe,

    async run(input, { view, session: named, ...options }: ViewRunOptions = {}) {
      const session = named ?? deps.session;
      const mode = modeOf(view);
      let resolved: { execution: unknown; uses: RefUse[] } = { execution: input, uses: [] };
      let { deviceId } = options;
      if (namesRefs(input)) {
        const device = await deviceOf(deviceId);
        deviceId = device;
        resolved = resolveRefs(input, (ref) => lookup(device, session, ref));
      }
      const checked = await checkExecution(resolved.execution);
      let execution = checked;
      const viewStep = freeStepId(checked, VIEW_STEP);
      const settleStep = freeStepId(checked, SETTLE_STEP);
      if (mode !== "none") {
        if (checked.actions.length + 2 > LIMITS.MAX_EXECUTION_ACTIONS) {
          throw new ClawperatorError(
            "EXECUTION_VALIDATION_FAILED",
            `view: the execution already has ${checked.actions.length} actions; the view's two snapshots would ` +
              `take it past the ${LIMITS.MAX_EXECUTION_ACTIONS} one may have`,
            { details: { path: "actions" } },
          );
        }
        const snapshots = [viewStep, settleStep].map((id) => ({ id, type: "snapshot_ui" as const }));
        execution = { ...checked, actions: [...checked.actions, ...snapshots] };
      }
      const ran = await deps.runner().run({ ...options, execution, ...(deviceId ? { deviceId } : {}) });
      const result = await explained(ran, execution, session);
      const refs = resolved.uses.length ? { refs: resolved.uses } : {};
      if (mode === "none") return { ...result, ...refs };
      const base = withoutViewSteps(result, viewStep, settleStep);
      const first: Capture = { result, commandId: execution.commandId, stepId: viewStep };
      const again = () => capture({ deviceId: result.deviceId, ...options });
      const outcome = await settle(first, settleStep, again, deps.settleCeilingMs(), now);
      return { ...(await viewed(base, outcome.capture, session, mode, outcome)), ...refs };
    },

    async locate(ref, target = {}) {
      const deviceId = await deviceOf(target.deviceId);
      const { viewId, entry } = lookup(deviceId, target.session ?? deps.session, ref);
      return { deviceId, viewId, bounds: entry.bounds, center: entry.coordinate ?? center(parseBounds(entry.bounds)) };
    },

    noteActed: (deviceId) => void deps.state().noteActed(deviceId),
    forget: (session) => deps.state().forget(session),
  };
}

export { DEFAULT_SETTLE_CEILING_MS };
