export { ExecutionRunner, type RunExecutionRequest, type RunExecutionResult } from "./runner.ts";
