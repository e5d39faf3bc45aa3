/**
 * The public API, by name: what a plugin author (definePlugin, contributions, service tokens, contracts) and an
 * embedder (createClawperator, the execution types) need. Internals stay unexported, so they can change.
 */
export type { ArgsDef, ParsedArgs } from "citty";

// Plugins: the definition helper, the context, what can be contributed, and the kernel's typed tokens.
export {
  attributeError,
  CheckRegistry,
  CommandGroupRegistry,
  CommandRegistry,
  createToken,
  defineCommand,
  definePlugin,
  HookRegistry,
  RouteRegistry,
  SKILL_PRECEDENCE,
  SkillSourceRegistry,
  TransportRegistry,
} from "./core/kernel/index.ts";
export type {
  Attribution,
  CheckContribution,
  ClawperatorPlugin,
  CommandArgs,
  CommandContribution,
  CommandDefinition,
  CommandGroupContribution,
  CommandHandler,
  CommandRunContext,
  ContributionList,
  DoctorCheck,
  DoctorCheckContext,
  DoctorCheckResult,
  DoctorPhase,
  ExecutionHookContribution,
  GlobalOptions,
  HttpMethod,
  Lazy,
  NoArgs,
  OptionsSchema,
  Owned,
  PluginContext,
  RouteContribution,
  RouteHandler,
  RouteRequestContext,
  RouteSchemas,
  ServiceAccess,
  ServiceProvider,
  SkillPrecedence,
  SkillSourceContribution,
  Token,
  TransportContribution,
  TransportFactory,
  TransportFactoryContext,
} from "./core/kernel/index.ts";

// Services core provides, each a token beside its interface.
export { createStderrLogger, EventBus, HostInfo, Logger, RuntimeConfig, Transport } from "./core/services/index.ts";
export type { CallOptions, ClawperatorEvents, EventName, LineStream, ShellResult } from "./core/services/index.ts";
export { Skills } from "./core/services/index.ts";
export type {
  MissingReason,
  RegistrySkill,
  SkillList,
  SkillOrigin,
  SkillResult,
  SkillRunOutcome,
  SkillRunRequest,
  SkillSearchQuery,
  SkillsService,
  SkillStatus,
  SkillStatusReport,
} from "./core/services/index.ts";

// The execution pipeline's seams.
export { ExecutionHooks, ExecutionRunner, OperatorDispatcher } from "./core/execution/index.ts";
export type {
  AfterResultContext,
  BeforeDispatchContext,
  DeviceLogStepReport,
  DispatchOutcome,
  DispatchRequest,
  ExecutionHook,
  RunExecutionRequest,
  RunExecutionResult,
} from "./core/execution/index.ts";

// Contracts: the execution, its actions and results, devices, and the error catalogue.
export {
  ACTION_ALIASES,
  ActionSchema,
  ClawperatorError,
  DEFAULT_OPERATOR_PACKAGE,
  DeviceSchema,
  ERROR_CATALOGUE,
  ErrorCodes,
  EXPECTED_FORMAT,
  ExecutionSchema,
  exitCodeOf,
  httpStatusOf,
  isClawperatorError,
  isErrorCode,
  LIMITS,
  NodeMatcherSchema,
  OPERATOR_PACKAGES,
  PUBLIC_ACTION_TYPES,
  RESULT_PREFIX,
  ResultEnvelopeSchema,
  RetrySchema,
  StepResultSchema,
  payloadBytes,
  validateExecution,
} from "./core/contracts/index.ts";
export type {
  Action,
  ActionParams,
  ActionType,
  ClawperatorErrorShape,
  Device,
  DispatchDiagnostics,
  ErrorCode,
  Execution,
  ExecutionMode,
  NodeMatcher,
  ResultEnvelope,
  Retry,
  StepResult,
  ValidateOptions,
} from "./core/contracts/index.ts";

// Configuration.
export { defineConfig } from "./config/index.ts";
export type { ClawperatorConfig, ClawperatorConfigInput } from "./config/index.ts";

// Embedding: one kernel, one result stream per device.
export { createClawperator } from "./runtime/create-clawperator.ts";
export type { Clawperator, ExecuteOptions } from "./runtime/create-clawperator.ts";

// Doctor: what `doctor --json` prints, and the facts checks share (a check of yours reads the selected device there).
export { DoctorFacts } from "./core/doctor/index.ts";
export type { DoctorFixOutcome, DoctorReport } from "./core/doctor/index.ts";
