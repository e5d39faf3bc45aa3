import type { RefUse } from "../../../core/contracts/agent-view.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { EXPECTED_FORMAT, LIMITS } from "../../../core/contracts/limits.ts";
import { namesRefs } from "../../../core/contracts/refs.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import type { ExecutionRunner, RunExecutionResult } from "../../../core/execution/runner.ts";
import { randomHex } from "../../../core/host/random.ts";
import type { AgentViews, ViewedResult, ViewRunOptions } from "../../../core/services/agent-views.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { lookupRef, resolveRefs } from "./resolve-refs.ts";
import type { ViewState } from "./view-state.ts";
import { viewFromSnapshot } from "./view-from-snapshot.ts";
import { explainNotFound, failedMatcher } from "./explain-not-found.ts";
import { parseHierarchy } from "../../../android/hierarchy/parse.ts";

export interface AgentViewsDeps {
  runner: () => ExecutionRunner;
  transport: () => Transport;
  state: () => ViewState;
  /** The execution `source` of the views this front end takes (clawperator-cli, serve-api, ...). */
  source: string;
}

const VIEW_STEP = "view";

/** A step id no action of the execution has: `view`, else `view-2`, ... */
function viewStepId(execution: Execution): string {
  const taken = new Set(execution.actions.map((a) => a.id));
  let id = VIEW_STEP;
  for (let n = 2; taken.has(id); n++) id = `${VIEW_STEP}-${n}`;
  return id;
}

/**
 * The view of the step `stepId` of a result, kept as the device's latest, with the step's XML taken out of the
 * envelope (the view replaces it). A failed or unparsable snapshot leaves the result as it was, with `viewError`.
 */
function withView(state: ViewState, result: RunExecutionResult, commandId: string, stepId: string): ViewedResult {
  const step = result.envelope.stepResults.find((s) => s.id === stepId);
  if (!step?.success || !step.data.text) {
    return { ...result, viewError: step?.error ?? `the snapshot step ${stepId} did not run or returned no hierarchy` };
  }
  try {
    const view = viewFromSnapshot(step, result.executionId);
    state.remember(result.deviceId, commandId, view);
    const { text: _xml, ...data } = step.data;
    const stepResults = result.envelope.stepResults.map((s) => (s === step ? { ...s, data } : s));
    return { ...result, envelope: { ...result.envelope, stepResults }, view };
  } catch (error) {
    return { ...result, viewError: `the snapshot did not parse: ${(error as Error).message}` };
  }
}

/** The AgentViews service over the execution runner: refs resolve against `state`, views are taken as snapshots. */
export function createAgentViews(deps: AgentViewsDeps): AgentViews {
  const deviceOf = async (deviceId: string | undefined) =>
    deviceId ?? selectDevice(await deps.transport().listDevices(), undefined);

  const snapshot = async ({ timeoutMs, ...target }: Parameters<AgentViews["observe"]>[0] = {}) => {
    const execution: Execution = {
      commandId: `view-${Date.now()}-${randomHex(3)}`,
      taskId: `${deps.source}-view`,
      source: deps.source,
      expectedFormat: EXPECTED_FORMAT,
      timeoutMs: timeoutMs ?? 30_000,
      actions: [{ id: VIEW_STEP, type: "snapshot_ui" }],
    };
    const result = await deps.runner().run({ execution, ...target });
    const xml = result.envelope.stepResults.find((s) => s.id === VIEW_STEP)?.data.text;
    return { viewed: withView(deps.state(), result, execution.commandId, VIEW_STEP), xml };
  };

  /** A matcher that found nothing: the screen is looked at once more, and what is close to it is named. */
  const explained = async (result: RunExecutionResult, execution: Execution): Promise<RunExecutionResult> => {
    const matcher = failedMatcher(execution, result.error);
    if (!matcher) return result;
    try {
      const { viewed, xml } = await snapshot({ deviceId: result.deviceId });
      if (!viewed.view || xml === undefined) return result;
      return explainNotFound(result, matcher, { hierarchy: parseHierarchy(xml), view: viewed.view });
    } catch {
      // The failure stands as it is; the look at the screen was only a help.
      return result;
    }
  };

  return {
    async observe(target = {}) {
      return (await snapshot(target)).viewed;
    },

    async run(input, { view, ...options }: ViewRunOptions = {}) {
      let resolved: { execution: unknown; uses: RefUse[] } = { execution: input, uses: [] };
      let { deviceId } = options;
      if (namesRefs(input)) {
        const device = await deviceOf(deviceId);
        deviceId = device;
        const stored = deps.state().store.read(device);
        resolved = resolveRefs(input, (ref) => lookupRef(stored, device, ref));
      }
      const checked = await checkExecution(resolved.execution);
      let execution = checked;
      const stepId = viewStepId(checked);
      if (view) {
        if (checked.actions.length >= LIMITS.MAX_EXECUTION_ACTIONS) {
          throw new ClawperatorError(
            "EXECUTION_VALIDATION_FAILED",
            `view: the execution already has ${checked.actions.length} actions, the most one may have; ` +
              "the view's snapshot would be one more",
            { details: { path: "actions" } },
          );
        }
        execution = { ...checked, actions: [...checked.actions, { id: stepId, type: "snapshot_ui" }] };
      }
      const ran = await deps.runner().run({ ...options, execution, ...(deviceId ? { deviceId } : {}) });
      const result = await explained(ran, execution);
      const refs = resolved.uses.length ? { refs: resolved.uses } : {};
      if (!view) return { ...result, ...refs };
      return { ...withView(deps.state(), result, execution.commandId, stepId), ...refs };
    },
  };
}
