import type { StepResult } from "../../../core/contracts/envelope.ts";
import { runAction } from "./actions/index.ts";
import type { OperatorAction } from "./command-params.ts";
import { failedEnvelope, successEnvelope } from "./envelopes.ts";
import { CommandTimeout, createExecutionContext, type ExecutionContext, type ExecutionEnvironment } from "./execution-context.ts";
import type { OperatorCommand } from "./parse-command.ts";
import { StepFailure } from "./step-failure.ts";

const quote = JSON.stringify;

/** One step: its result, and whether the execution has to stop after it. */
async function runStep(ctx: ExecutionContext, action: OperatorAction): Promise<{ result: StepResult; failure?: StepFailure }> {
  const head = `id=${quote(action.id)} type=${action.type}`;
  ctx.log.progress("D", `step_start ${head}`);
  try {
    const data = await runAction(ctx, action);
    ctx.log.progress("D", `step_success ${head}`);
    return { result: { id: action.id, actionType: action.type, success: true, data } };
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    ctx.log.progress("I", `step_failure ${head} error=${error.code}`);
    const result = { id: action.id, actionType: action.type, success: false, data: { ...error.data, error: error.code, message: error.message } };
    return error.endsExecution ? { result, failure: error } : { result };
  }
}

/**
 * Runs the actions in order and logs exactly one result line: success after the last step; failed at the first
 * failing step (with that step's code), when the budget runs out (COMMAND_TIMEOUT, as newer APKs report it, with
 * the steps finished so far) or on an unexpected error (ACTION_FAILED). Nothing is logged once the operator closes.
 */
export async function runExecution(env: ExecutionEnvironment, command: OperatorCommand, deadline: number): Promise<void> {
  const { commandId, taskId, timeoutMs } = command;
  const ctx = createExecutionContext(env, commandId, deadline, timeoutMs);
  const steps: StepResult[] = [];
  const fail = (error: string, code: string) => env.log.result(failedEnvelope(commandId, taskId, steps, error, code));
  try {
    env.signal.throwIfAborted();
    // Commands run one at a time, and the budget includes the wait for the one before.
    if (env.clock.now() >= deadline) throw new CommandTimeout(timeoutMs);
    env.log.progress("I", `[Clawperator-Command] start commandId=${quote(commandId)} taskId=${quote(taskId)} timeoutMs=${timeoutMs} actionCount=${command.actions.length}`);
    for (const action of command.actions) {
      env.signal.throwIfAborted();
      const { result, failure } = await runStep(ctx, action);
      steps.push(result);
      if (failure) return fail(`Step ${quote(action.id)} (${action.type}) failed: ${failure.message}`, failure.code);
    }
    env.log.result(successEnvelope(commandId, taskId, steps));
  } catch (error) {
    if (env.signal.aborted) return;
    if (error instanceof CommandTimeout) return fail(error.message, "COMMAND_TIMEOUT");
    fail(error instanceof Error ? error.message : String(error), "ACTION_FAILED");
  }
}
