import type { ResultEnvelope, StepResult } from "../../../../core/contracts/envelope.ts";
import { createDeviceState } from "../../../../android/virtual/device/index.ts";
import { createVirtualOperator, type VirtualOperator } from "../../../../android/virtual/operator/index.ts";
import { builtinScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import type { Scenario } from "../../../../android/virtual/scenario/scenario-types.ts";
import { createScenarioUi } from "../../../../android/virtual/ui/index.ts";
import { LogRecorder, payload, VirtualClock, type ActionInput } from "./harness.ts";

export const OPERATOR = "com.clawperator.operator";
export const RECORDINGS = `/storage/emulated/0/Android/data/${OPERATOR}/files/recordings`;

/**
 * A phone of a scenario (the built-in `default` unless given) with the release Operator answering executions and
 * recording what the screen reports; device time is a clock the test moves.
 */
export function recordingDevice(
  scenario: Scenario = builtinScenario("default"),
  options: { packageName?: string; accessibility?: () => boolean } = {},
) {
  const clock = new VirtualClock();
  clock.time = 1_700_000_000_000;
  const state = createDeviceState(scenario, { clock });
  const ui = createScenarioUi(scenario, { packages: state.packages, now: () => clock.now() });
  const log = new LogRecorder();
  const operator: VirtualOperator = createVirtualOperator({
    packageName: options.packageName ?? OPERATOR,
    ui,
    log,
    fs: state.fs,
    clock,
    accessibilityEnabled: options.accessibility ?? (() => true),
    deviceFacts: () => ({ developerOptionsEnabled: true, usbDebuggingEnabled: true }),
  });

  let runs = 0;
  /** Runs one execution and returns its envelope (each run gets its own commandId). */
  const run = async (actions: ActionInput[]): Promise<ResultEnvelope> => {
    const commandId = `cmd-${++runs}`;
    operator.handleCommand(payload(actions, { commandId }));
    await operator.idle();
    const line = log.resultLines().find((l) => l.message.includes(`"commandId":"${commandId}"`));
    if (!line) throw new Error(`no result for ${commandId}`);
    return JSON.parse(line.message.slice(line.message.indexOf("{"))) as ResultEnvelope;
  };
  /** The one step of a one-action execution. */
  const step = async (type: string, params?: Record<string, unknown>): Promise<StepResult> =>
    (await run([{ type, ...(params ? { params } : {}) }])).stepResults[0]!;

  /** The lines of a recording file, parsed. */
  const lines = (sessionId: string): Array<Record<string, unknown>> =>
    (state.fs.read(`${RECORDINGS}/${sessionId}.ndjson`)?.toString("utf8") ?? "")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  return { clock, state, ui, log, operator, run, step, lines, fs: state.fs };
}

/** Lets the recording's writer (which runs after the current work) catch up. */
export const flushed = () => new Promise<void>((resolve) => setImmediate(resolve));
