import { createToken } from "../kernel/token.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { Execution, ExecutionMode } from "../contracts/execution.ts";
import type { DeviceLogStepReport } from "./dispatcher.ts";

export interface RunExecutionRequest {
  execution: Execution;
  deviceId?: string;
  receiverPackage?: string;
}

/** The result of one execution (spec/001: `{ok, envelope, deviceId, terminalSource}`) plus run metadata. */
export interface RunExecutionResult {
  ok: boolean;
  envelope: ResultEnvelope;
  deviceId: string;
  terminalSource: "clawperator_result";
  executionId: string;
  mode: ExecutionMode;
  timings: Record<string, number>;
  /** A failed envelope without step results (the real APK's): the steps the device log shows, outside the envelope. */
  stepsFromDeviceLog?: DeviceLogStepReport;
}

/** Runs executions on devices; provided by the plugin that owns the operator protocol. */
export interface ExecutionRunner {
  run(request: RunExecutionRequest): Promise<RunExecutionResult>;
}

export const ExecutionRunner = createToken<ExecutionRunner>("ExecutionRunner");
