import { createToken } from "../kernel/token.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { Execution, ExecutionMode } from "../contracts/execution.ts";

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
}

/** Runs executions on devices; provided by the plugin that owns the operator protocol. */
export interface ExecutionRunner {
  run(request: RunExecutionRequest): Promise<RunExecutionResult>;
}

export const ExecutionRunner = createToken<ExecutionRunner>("ExecutionRunner");
