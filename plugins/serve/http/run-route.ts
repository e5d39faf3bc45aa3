import type { H3Event } from "h3";
import type { Execution } from "../../../core/contracts/execution.ts";
import { ExecutionRunner, type RunExecutionRequest, type RunExecutionResult } from "../../../core/execution/runner.ts";
import { routeContext } from "./route-context.ts";

/**
 * Runs an execution for a route. An envelope the device reported is the route's answer, whatever its status:
 * HTTP 200 with `ok: true` (spec/001 examples); `ok: false` is for errors of the runtime, thrown as ClawperatorError.
 */
export async function runForRoute(event: H3Event, execution: Execution, target: Omit<RunExecutionRequest, "execution">): Promise<RunExecutionResult & { ok: true }> {
  const result = await routeContext(event).services.resolve(ExecutionRunner).run({ execution, ...target });
  return { ...result, ok: true };
}
