import type { UiModel } from "../ui/ui-model.ts";
import type { Clock } from "../../../core/host/clock.ts";
import type { CommandIds, OperatorLog } from "./operator-log.ts";
import type { RecordingManager } from "./recording/recording-manager.ts";

/** What doctor_ping reports about the device. */
export interface DeviceFacts {
  developerOptionsEnabled: boolean;
  usbDebuggingEnabled: boolean;
}

/** The execution ran past its `timeoutMs`. */
export class CommandTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Agent command timed out after ${timeoutMs}ms`);
  }
}

/** What an action runner may use while one execution runs. */
export interface ExecutionContext {
  readonly ui: UiModel;
  readonly log: OperatorLog;
  /** The operator's recording session (start_recording / stop_recording). */
  readonly recording: RecordingManager;
  readonly ids: CommandIds;
  /** In [0, 1); drives retry jitter. */
  readonly random: () => number;
  deviceFacts(): DeviceFacts;
  now(): number;
  /** Waits `ms` of the execution's budget; throws CommandTimeout instead when the budget ends first. */
  wait(ms: number): Promise<void>;
}

export interface ExecutionEnvironment {
  ui: UiModel;
  log: OperatorLog;
  recording: RecordingManager;
  clock: Clock;
  random: () => number;
  deviceFacts(): DeviceFacts;
  signal: AbortSignal;
}

/**
 * Device-side work is immediate, so the budget can only run out while the execution waits: checking the deadline
 * at every wait is exact, with no timer racing the execution.
 */
export function createExecutionContext(
  env: ExecutionEnvironment,
  ids: CommandIds,
  deadline: number,
  timeoutMs: number,
): ExecutionContext {
  return {
    ui: env.ui,
    log: env.log,
    recording: env.recording,
    ids,
    random: env.random,
    deviceFacts: env.deviceFacts,
    now: () => env.clock.now(),
    async wait(ms) {
      if (ms <= 0) return;
      const remaining = deadline - env.clock.now();
      if (ms < remaining) return env.clock.sleep(ms, env.signal);
      if (remaining > 0) await env.clock.sleep(remaining, env.signal);
      throw new CommandTimeout(timeoutMs);
    },
  };
}
