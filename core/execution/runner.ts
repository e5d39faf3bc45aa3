import { createToken } from "../kernel/token.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { Execution, ExecutionMode } from "../contracts/execution.ts";
import type { DeviceLogStepReport } from "./dispatcher.ts";
import type { ExecutionFailure } from "./execution-failure.ts";

export interface RunExecutionRequest {
  execution: Execution;
  deviceId?: string;
  receiverPackage?: string;
  /**
   * Who chose the execution's file paths (take_screenshot's path). "payload", the default: an agent's input,
   * which may be steered by what it read on a screen; confined to the config's `screenshots.allowedDirs`.
   * "person": a CLI flag typed by a user (`observe screenshot --path`); may point anywhere.
   */
  pathOrigin?: "payload" | "person";
  /** Replace an existing file that is not a PNG (`--force`); honoured for a person's paths only. */
  force?: boolean;
  /** Also return the envelope exactly as the device sent it (`deviceEnvelope`), before the host finished it. */
  deviceEnvelope?: boolean;
}

/**
 * The result of one execution (docs/execution.md#result: `{ok, envelope, deviceId, terminalSource}`) plus run metadata.
 * The envelope is the device's, finished and reconciled by the host; `ok` is its status.
 */
export interface RunExecutionResult {
  ok: boolean;
  envelope: ResultEnvelope;
  /** Why it failed, when it did: a code of the catalogue and the failed step (ExecutionFailure). */
  error?: ExecutionFailure;
  deviceId: string;
  terminalSource: "clawperator_result";
  executionId: string;
  mode: ExecutionMode;
  timings: Record<string, number>;
  /** A failed envelope without step results (the real APK's): the steps the device log shows, outside the envelope. */
  stepsFromDeviceLog?: DeviceLogStepReport;
  /** The envelope exactly as the device sent it; only when the request asked for it. */
  deviceEnvelope?: ResultEnvelope;
  /**
   * The lease a farm's device was run under: the device leased, and how many busy devices were tried and how long
   * was waited between tries before it was granted.
   */
  lease?: { serial: string; retries: number; waitedMs: number };
}

/** Runs executions on devices; provided by the plugin that owns the operator protocol. */
export interface ExecutionRunner {
  run(request: RunExecutionRequest): Promise<RunExecutionResult>;
}

export const ExecutionRunner = createToken<ExecutionRunner>("ExecutionRunner");
