import { createToken } from "../kernel/token.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { Execution } from "../contracts/execution.ts";
import type { ExecutionFailure } from "./execution-failure.ts";

export interface DispatchRequest {
  execution: Execution;
  deviceId: string;
  receiverPackage: string;
  preDispatch: readonly string[];
}

/**
 * What the device log shows of a failed command's steps. The real APK's failed envelope has `stepResults: []`
 * (docs/protocol.md#the-apks-log-lines); the host reads its `step_start` / `step_success` / `stage-failure` lines
 * instead and reports them beside the envelope, which stays as the device sent it.
 */
export interface DeviceLogStepReport {
  source: "device_log";
  /** Steps the log shows finished, in order, with the data the APK logged for them (`data={k=v}`). */
  completed: Array<{ id: string; actionType: string; data: Record<string, string> }>;
  /**
   * The step that started and never finished, with the failing stage, the reason the APK logged and the
   * `failure_point` (or `reason_code`) of its `stage-log … StageFailure context:` line.
   */
  failed?: { id: string; actionType: string; stage?: string; reason?: string; failurePoint?: string };
  /** Ids of the actions that never started. */
  notStarted: string[];
}

/** What one pre-dispatch command line (BeforeDispatchContext.preDispatch) did on the device. */
export interface PreDispatchOutcome {
  command: string;
  exitCode: number;
  /** Its stdout and stderr, trimmed. */
  output: string;
}

export interface DispatchOutcome {
  envelope: ResultEnvelope;
  snapshots: string[];
  /** The pre-dispatch commands' outcomes, in the order they ran. */
  preDispatch: PreDispatchOutcome[];
  /** Present when the envelope failed without step results: the steps as the device log shows them. */
  stepsFromDeviceLog?: DeviceLogStepReport;
  /** Present with stepsFromDeviceLog: the failure's code, derived from the device log and the envelope's text. */
  deviceFailure?: ExecutionFailure;
  /** ms spent dispatching (adb round trip) and waiting for the envelope. */
  timings: { dispatchMs: number; awaitMs: number };
}

/**
 * Sends one execution to the Operator APK and reads its envelope. Implemented over a Transport by
 * android/operator; throws RECEIVER_NOT_INSTALLED, BROADCAST_FAILED, RESULT_ENVELOPE_TIMEOUT (with
 * diagnostics) or RESULT_ENVELOPE_MALFORMED.
 */
export interface OperatorDispatcher {
  dispatch(request: DispatchRequest): Promise<DispatchOutcome>;
  /** Release long-lived resources (shared logcat streams); the kernel's container calls it when its runtime ends. */
  dispose(): Promise<void>;
}

export const OperatorDispatcher = createToken<OperatorDispatcher>("OperatorDispatcher");
