import type { DeviceLogWriter } from "../device/log-types.ts";
import type { UiModel } from "../ui/ui-model.ts";
import { seededRandom, systemClock, type OperatorClock } from "./clock.ts";
import { failedEnvelope } from "./envelopes.ts";
import type { DeviceFacts } from "./execution-context.ts";
import { OperatorLog, type SnapshotMarkerStyle } from "./operator-log.ts";
import { parseCommandPayload } from "./parse-command.ts";
import { runExecution } from "./run-execution.ts";

export interface VirtualOperatorDeps {
  /** The operator's application id (release or debug variant). */
  packageName: string;
  ui: UiModel;
  log: DeviceLogWriter;
  /** Whether the operator's accessibility service is enabled in the device settings right now. */
  accessibilityEnabled(): boolean;
  deviceFacts(): DeviceFacts;
  /** Process id on the operator's log lines. */
  pid?: number;
  /** `tagged` (default) writes `[TaskScope] UI Hierarchy [commandId=<id>]:` as newer APKs do; `legacy` the old marker. */
  snapshotMarker?: SnapshotMarkerStyle;
  /** Source of retry jitter, in [0, 1). Defaults to a fixed-seed generator so runs repeat exactly. */
  random?: () => number;
  /** Defaults to real time; tests pass a virtual clock. */
  clock?: OperatorClock;
}

export interface VirtualOperator {
  readonly packageName: string;
  /**
   * The broadcast receiver: takes the `payload` extra of an ACTION_AGENT_COMMAND broadcast. Refusals (bad payload,
   * accessibility service off) are logged before it returns; an accepted execution runs afterwards, after any
   * still running, and ends with its `[Clawperator-Result]` line.
   */
  handleCommand(payload: string): void;
  /** Resolves when every accepted execution has finished. */
  idle(): Promise<void>;
  /** Stops running and queued executions at their next wait, without result lines (the device went away). */
  close(): void;
}

/** The Operator APK of a virtual device: runs executions against the UiModel and logs as the real APK does. */
export function createVirtualOperator(deps: VirtualOperatorDeps): VirtualOperator {
  const log = new OperatorLog(deps.log, deps.pid, deps.snapshotMarker ?? "tagged");
  const clock = deps.clock ?? systemClock;
  const closing = new AbortController();
  const env = { ui: deps.ui, log, clock, random: deps.random ?? seededRandom(0x5eed), deviceFacts: () => deps.deviceFacts(), signal: closing.signal };
  let queue: Promise<void> = Promise.resolve();

  return {
    packageName: deps.packageName,
    handleCommand(payload) {
      if (closing.signal.aborted) return;
      const receivedAt = clock.now();
      const parsed = parseCommandPayload(payload);
      if (!parsed.ok) {
        if (parsed.commandId === undefined) return log.receiverError(`Failed to parse agent command payload: ${parsed.message}`);
        return log.result(failedEnvelope(parsed.commandId, parsed.taskId ?? "", [], `Invalid agent command payload: ${parsed.message}`, parsed.code));
      }
      const { command } = parsed;
      if (!deps.accessibilityEnabled()) {
        const reason = "Accessibility service is not available";
        log.receiverError(`${reason} commandId=${JSON.stringify(command.commandId)} taskId=${JSON.stringify(command.taskId)}`);
        return log.result(failedEnvelope(command.commandId, command.taskId, [], reason, "SERVICE_UNAVAILABLE"));
      }
      // A failure of one execution must not keep the next from running.
      const run = () => runExecution(env, command, receivedAt + command.timeoutMs);
      queue = queue.then(run, run);
    },
    idle: () => queue,
    close: () => closing.abort(),
  };
}
