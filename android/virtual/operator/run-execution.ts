import type { StepResult } from "../../../core/contracts/envelope.ts";
import { runAction } from "./actions/index.ts";
import type { OperatorAction } from "./command-params.ts";
import { failedEnvelope, successEnvelope } from "./envelopes.ts";
import {
  CommandTimeout,
  createExecutionContext,
  type ExecutionContext,
  type ExecutionEnvironment,
} from "./execution-context.ts";
import { executionResultString, STEP_KIND } from "./kotlin-strings.ts";
import type { OperatorCommand } from "./parse-command.ts";
import { StepFailure } from "./step-failure.ts";

/** One step, logged as the APK's UiActionEngine does. A StepFailure that ends the execution propagates. */
async function runStep(ctx: ExecutionContext, action: OperatorAction): Promise<StepResult> {
  const kind = STEP_KIND[action.type];
  ctx.log.stepStart(action.id, kind);
  let result: StepResult;
  try {
    result = { id: action.id, actionType: action.type, success: true, data: await runAction(ctx, action) };
  } catch (error) {
    if (!(error instanceof StepFailure) || error.endsExecution) throw error;
    // The APK's expected refusals are results, not exceptions: the command goes on.
    result = {
      id: action.id,
      actionType: action.type,
      success: false,
      data: { ...error.data, error: error.code, message: error.message },
    };
  }
  ctx.log.stepSuccess(action.id, kind, result.data);
  return result;
}

/**
 * Runs the actions in order and logs what the APK logs (docs/protocol.md#the-apks-log-lines), ending with exactly
 * one result line. A step that throws fails the whole command: the envelope then carries no step results and no
 * errorCode, like the APK's; so does running out of budget. Nothing is logged once the operator closes.
 */
export async function runExecution(
  env: ExecutionEnvironment,
  command: OperatorCommand,
  deadline: number,
): Promise<void> {
  const { commandId, taskId, timeoutMs } = command;
  const ids = { commandId, taskId };
  const { log } = env;
  const ctx = createExecutionContext(env, ids, deadline, timeoutMs);
  const steps: StepResult[] = [];
  const started = env.clock.now();
  const elapsed = () => Math.round(env.clock.now() - started);
  const fail = (error: string) => {
    log.result(failedEnvelope(commandId, taskId, error));
    log.receiverFailed(ids, error);
  };
  try {
    env.signal.throwIfAborted();
    // Commands run one at a time, and the budget includes the wait for the one before.
    if (env.clock.now() >= deadline) throw new CommandTimeout(timeoutMs);
    log.start(ids, command.source, timeoutMs, command.actions.length);
    log.taskStarted();
    try {
      for (const action of command.actions) {
        env.signal.throwIfAborted();
        steps.push(await runStep(ctx, action));
      }
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      const reason = `Task execution failed: ${error.message}`;
      log.taskFailed(elapsed(), reason);
      log.commandFailure(ids, reason);
      return fail(reason);
    }
    log.taskCompleted(elapsed(), executionResultString(commandId, taskId, steps));
    log.commandSuccess(ids, steps.length);
    log.result(successEnvelope(commandId, taskId, steps));
    log.receiverCompleted(ids);
  } catch (error) {
    if (env.signal.aborted) return;
    const reason =
      error instanceof CommandTimeout
        ? error.message
        : `Task execution failed: ${error instanceof Error ? error.message : String(error)}`;
    log.commandFailure(ids, reason);
    fail(reason);
  }
}
