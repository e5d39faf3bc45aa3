/**
 * `clawperator/contracts`: the execution, action, device and envelope schemas (zod), their limits and aliases,
 * validation as the CLI does it, and the error catalogue with each code's exit code and HTTP status. The error class
 * and the codes themselves are at the package root.
 */
export { PUBLIC_ACTION_TYPES } from "./action-types.ts";
export { type Action, type ActionParams, ActionSchema, type ActionType } from "./actions.ts";
export { ACTION_ALIASES } from "./aliases.ts";
export type { ClawperatorErrorShape, DispatchDiagnostics } from "./clawperator-error.ts";
export { type Device, DeviceSchema } from "./device.ts";
export { type ResultEnvelope, ResultEnvelopeSchema, type StepResult, StepResultSchema } from "./envelope.ts";
export { ERROR_CATALOGUE, type ErrorCode, exitCodeOf, httpStatusOf, isErrorCode } from "./error-codes.ts";
export { type Execution, type ExecutionMode, ExecutionSchema } from "./execution.ts";
export { DEFAULT_OPERATOR_PACKAGE, EXPECTED_FORMAT, LIMITS, OPERATOR_PACKAGES } from "./limits.ts";
export { type NodeMatcher, NodeMatcherSchema } from "./matcher.ts";
export { type Retry, RetrySchema } from "./retry.ts";
export { type ValidateOptions, validateExecution } from "./validate-execution.ts";
