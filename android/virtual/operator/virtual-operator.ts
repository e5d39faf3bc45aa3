import { APK_PACKAGES } from "../protocol/operator-apk-facts.ts";
import { randomUuid } from "../../../core/host/random.ts";
import type { DeviceLogWriter } from "../device/log-types.ts";
import type { VirtualFileSystem } from "../device/virtual-fs.ts";
import type { UiModel } from "../ui/ui-model.ts";
import { systemClock, type Clock } from "../../../core/host/clock.ts";
import { seededRandom } from "./seeded-random.ts";
import { failedEnvelope } from "./envelopes.ts";
import type { DeviceFacts } from "./execution-context.ts";
import { OperatorLog } from "./operator-log.ts";
import { parseCommandPayload } from "./parse-command.ts";
import { RecordingFilter } from "./recording/recording-filter.ts";
import { RecordingManager } from "./recording/recording-manager.ts";
import { runExecution } from "./run-execution.ts";

export interface VirtualOperatorDeps {
  /** The operator's application id (release or debug variant). */
  packageName: string;
  ui: UiModel;
  log: DeviceLogWriter;
  /** The device's files: recordings go under the operator's external files directory. */
  fs: VirtualFileSystem;
  /** Whether the operator's accessibility service is enabled in the device settings right now. */
  accessibilityEnabled(): boolean;
  deviceFacts(): DeviceFacts;
  /** Process id on the operator's log lines. */
  pid?: number;
  /** Source of retry jitter, in [0, 1). Defaults to a fixed-seed generator so runs repeat exactly. */
  random?: () => number;
  /** Defaults to real time; tests pass a virtual clock. */
  clock?: Clock;
}

export interface VirtualOperator {
  readonly packageName: string;
  /**
   * The broadcast receiver: takes the `payload` extra of an ACTION_AGENT_COMMAND broadcast. Refusals are logged
   * before it returns (a payload the APK cannot parse gets an error line and no envelope; the accessibility
   * service off, a SERVICE_UNAVAILABLE envelope); an accepted execution runs afterwards, after any still running,
   * and ends with its `[Clawperator-Result]` line.
   */
  handleCommand(payload: string | undefined): void;
  /** Resolves when every accepted execution has finished. */
  idle(): Promise<void>;
  /**
   * Stops running and queued executions at their next wait, without result lines (the device went away), and
   * stops listening to the screen.
   */
  close(): void;
}

/** The Operator APK of a virtual device: runs executions against the UiModel and logs as the real APK does. */
export function createVirtualOperator(deps: VirtualOperatorDeps): VirtualOperator {
  const log = new OperatorLog(deps.log, deps.pid);
  const clock = deps.clock ?? systemClock;
  const closing = new AbortController();
  const recording = new RecordingManager({
    fs: deps.fs,
    packageName: deps.packageName,
    log,
    now: () => clock.now(),
    randomSuffix: () => randomUuid().slice(0, 8),
  });
  const filter = new RecordingFilter({
    ui: deps.ui,
    manager: recording,
    log,
    now: () => clock.now(),
    debug: deps.packageName === APK_PACKAGES.debug,
  });
  // The accessibility service sees the screen's events only while Android has it bound.
  const stopListening = deps.ui.onUiEvent((event) => {
    if (!deps.accessibilityEnabled()) return;
    try {
      filter.onEvent(event);
    } catch (error) {
      log.recordingFilterFailed(event.kind === "key" ? "key event" : "accessibility event", error);
    }
  });
  const env = {
    ui: deps.ui,
    log,
    recording,
    clock,
    random: deps.random ?? seededRandom(0x5eed),
    deviceFacts: () => deps.deviceFacts(),
    signal: closing.signal,
  };
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  return {
    packageName: deps.packageName,
    handleCommand(payload) {
      if (closing.signal.aborted) return;
      if (payload === undefined || payload.trim() === "") return log.receiverMissingPayload();
      const receivedAt = clock.now();
      const parsed = parseCommandPayload(payload);
      if (!deps.accessibilityEnabled()) {
        if (!parsed.ok) return log.receiverUnavailableUnparseable(parsed.message);
        const { commandId, taskId } = parsed.command;
        log.receiverUnavailable({ commandId, taskId });
        return log.result(
          failedEnvelope(commandId, taskId, "Accessibility service is not available", "SERVICE_UNAVAILABLE"),
        );
      }
      if (!parsed.ok) return log.receiverParseFailure(parsed.message);
      const { command } = parsed;
      if (pending > 0) log.queued(command);
      pending++;
      // A failure of one execution must not keep the next from running.
      const run = () => runExecution(env, command, receivedAt + command.timeoutMs).finally(() => pending--);
      queue = queue.then(run, run);
    },
    idle: () => queue,
    close() {
      closing.abort();
      stopListening();
    },
  };
}
