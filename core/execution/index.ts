export { DeviceLocks, type DeviceLock } from "./device-lock.ts";
export {
  OperatorDispatcher,
  type DeviceLogStepReport,
  type DispatchOutcome,
  type DispatchRequest,
} from "./dispatcher.ts";
export { ExecutionHooks, type AfterResultContext, type BeforeDispatchContext, type ExecutionHook } from "./hooks.ts";
export { checkPolicy } from "./policy.ts";
export { selectDevice, unusableDevice } from "./resolve-device.ts";
export { createExecutionPipeline, type PipelineDeps } from "./run-execution.ts";
export { ExecutionRunner, type RunExecutionRequest, type RunExecutionResult } from "./runner.ts";
