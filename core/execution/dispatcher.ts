import { createToken } from "../kernel/token.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { Execution } from "../contracts/execution.ts";

export interface DispatchRequest {
  execution: Execution;
  deviceId: string;
  receiverPackage: string;
  preDispatch: readonly string[];
}

export interface DispatchOutcome {
  envelope: ResultEnvelope;
  snapshots: string[];
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
  /** Release long-lived resources (shared logcat streams). */
  close(): Promise<void>;
}

export const OperatorDispatcher = createToken<OperatorDispatcher>("OperatorDispatcher");
