/**
 * `clawperator/contracts`: the execution, action, device and envelope schemas (zod), their limits and aliases,
 * validation as the CLI does it, and the types of the skills service's answers. The error catalogue is
 * `clawperator/errors`.
 */
export { PUBLIC_ACTION_TYPES } from "./action-types.ts";
export { type Action, type ActionParams, ActionSchema, type ActionType } from "./actions.ts";
export { ACTION_ALIASES } from "./aliases.ts";
export type { DispatchDiagnostics } from "./clawperator-error.ts";
export { type Device, DeviceSchema } from "./device.ts";
export { type ResultEnvelope, ResultEnvelopeSchema, type StepResult, StepResultSchema } from "./envelope.ts";
export { type Execution, type ExecutionMode, ExecutionSchema } from "./execution.ts";
export { DEFAULT_OPERATOR_PACKAGE, EXPECTED_FORMAT, LIMITS, OPERATOR_PACKAGES } from "./limits.ts";
export { type NodeMatcher, NodeMatcherSchema } from "./matcher.ts";
export { type Retry, RetrySchema } from "./retry.ts";
export { type ValidateOptions, validateExecution } from "./validate-execution.ts";
export type {
  RegistrySkill,
  SkillCheckReport,
  SkillList,
  SkillMissing,
  SkillOrigin,
  SkillPrompt,
  SkillResult,
  SkillRunOutcome,
  SkillRunRequest,
  SkillScope,
  SkillSearchQuery,
  SkillStatus,
  SkillStatusReport,
} from "../services/skills.ts";
