import { randomHex } from "../../../core/host/random.ts";
import type { Action } from "../../../core/contracts/actions.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { EXPECTED_FORMAT, LIMITS } from "../../../core/contracts/limits.ts";
import { ExecutionRunner, type RunExecutionResult } from "../../../core/execution/runner.ts";
import type { CommandRunContext } from "../../../core/kernel/index.ts";

export const DEFAULT_CLI_TIMEOUT_MS = 30_000;

/** What the single-step commands read of their context, whatever their flags. */
type RunContext = Pick<CommandRunContext, "globals" | "services">;

export function timeoutFrom(ctx: Pick<RunContext, "globals">): number {
  const timeoutMs = ctx.globals.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS;
  if (timeoutMs < LIMITS.MIN_EXECUTION_TIMEOUT_MS || timeoutMs > LIMITS.MAX_EXECUTION_TIMEOUT_MS) {
    throw new ClawperatorError(
      "EXECUTION_VALIDATION_FAILED",
      `timeoutMs must be between ${LIMITS.MIN_EXECUTION_TIMEOUT_MS} and ${LIMITS.MAX_EXECUTION_TIMEOUT_MS} ` +
        `(got ${timeoutMs})`,
      {
        details: { path: "timeoutMs" },
      },
    );
  }
  return timeoutMs;
}

/** An execution for a single-step CLI command; ids are unique per run so envelopes never mix. */
export function cliExecution(ctx: RunContext, kind: string, actions: Action[]): Execution {
  const commandId = `${kind}-${Date.now()}-${randomHex(3)}`;
  return {
    commandId,
    taskId: `cli-${kind}`,
    source: "clawperator-cli",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: timeoutFrom(ctx),
    actions,
  };
}

/** The device and receiver the global flags name. */
export const targetOf = (globals: RunContext["globals"]) => ({
  ...(globals.deviceId ? { deviceId: globals.deviceId } : {}),
  ...(globals.receiverPackage ? { receiverPackage: globals.receiverPackage } : {}),
});

/** Runs a single-step command's execution; its paths come from the person's flags (`pathOrigin: "person"`). */
export function runExecution(
  ctx: RunContext,
  execution: Execution,
  options: { force?: boolean } = {},
): Promise<RunExecutionResult> {
  return ctx.services.resolve(ExecutionRunner).run({
    execution,
    pathOrigin: "person",
    ...(options.force ? { force: true } : {}),
    ...targetOf(ctx.globals),
  });
}

export const exitCodeOfResult = <R extends { ok?: boolean }>(result: R) => (result.ok === false ? 1 : 0);
