import type { H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { validateExecution } from "../../../core/contracts/validate-execution.ts";
import { ExecutionRunner, type RunExecutionRequest, type RunExecutionResult } from "../../../core/execution/runner.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { routeContext } from "./route-context.ts";

type Target = Omit<RunExecutionRequest, "execution">;

/**
 * Validates a posted execution. A rejected one is still an execution attempt: it goes out as `clawperator:execution`
 * (docs/execution.md#events: every attempt to run an execution, including pre-resolution failures), as the runner's do.
 */
export function validateForRoute(event: H3Event, input: unknown, target: Target): Execution {
  try {
    return validateExecution(input);
  } catch (error) {
    if (error instanceof ClawperatorError) {
      routeContext(event)
        .services.resolve(EventBus)
        .emit("clawperator:execution", {
          ...(target.deviceId ? { deviceId: target.deviceId } : {}),
          input,
          result: { ok: false, error: error.toJSON() },
        });
    }
    throw error;
  }
}

/**
 * Runs an execution for a route. An envelope the device reported is the route's answer, whatever its status:
 * HTTP 200, `ok` as the CLI's exit code says (false with `error.code` when a step or the device failed); errors of
 * the runtime are thrown as ClawperatorError and answered with the catalogue's status.
 */
export function runForRoute(event: H3Event, execution: Execution, target: Target): Promise<RunExecutionResult> {
  return routeContext(event)
    .services.resolve(ExecutionRunner)
    .run({ execution, ...target });
}
