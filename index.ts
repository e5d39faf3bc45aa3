/**
 * The package root: what a plugin author (definePlugin, the contributions, the service tokens) and an embedder
 * (createClawperator, the execution types, the errors) need. Everything else is behind a named subpath
 * (`clawperator/kernel`, `clawperator/contracts`, `clawperator/config`, `clawperator/testing`,
 * `clawperator/virtual`) or private, so it can change. test/architecture/public-surface.test.ts pins this list.
 */
export type { ArgsDef, ParsedArgs } from "citty";

// Plugins: the definition helper, the context, what can be contributed, typed tokens.
export type {
  CheckContribution,
  CommandArgs,
  CommandContribution,
  CommandDefinition,
  CommandGroupContribution,
  CommandHandler,
  CommandRunContext,
  DoctorCheck,
  DoctorCheckContext,
  DoctorCheckResult,
  DoctorFlags,
  DoctorPhase,
  ExecutionHookContribution,
  GlobalOptions,
  HttpMethod,
  Lazy,
  NoArgs,
  RouteContribution,
  RouteHandler,
  RouteRequestContext,
  RouteSchemas,
  SkillPrecedence,
  SkillSourceContribution,
  TransportContribution,
  TransportFactory,
  TransportFactoryContext,
} from "./core/kernel/contributions.ts";
export {
  type ClawperatorPlugin,
  definePlugin,
  type OptionsIssue,
  type OptionsSchema,
  type PluginContext,
} from "./core/kernel/define-plugin.ts";
export type { ServiceAccess, ServiceProvider } from "./core/kernel/service-access.ts";
export { defineCommand } from "./core/kernel/define-command.ts";
export { createToken, type Token } from "./core/kernel/token.ts";

// Services core provides, each a token beside its interface, and the execution runner a plugin provides.
export {
  type CallOptions,
  type ClawperatorEvents,
  EventBus,
  type EventName,
  HostInfo,
  type LineStream,
  Logger,
  type PulledFile,
  type PullOptions,
  RuntimeConfig,
  type ShellResult,
  Skills,
  Transport,
} from "./core/services/index.ts";
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
  SkillsService,
  SkillStatus,
  SkillStatusReport,
} from "./core/services/index.ts";
export {
  type AfterResultContext,
  type BeforeDispatchContext,
  type DeviceLogStepReport,
  type ExecutionHook,
  ExecutionRunner,
  type RunExecutionRequest,
  type RunExecutionResult,
} from "./core/execution/index.ts";

// Errors: the class, its guard and the codes (their exit codes and HTTP statuses: `clawperator/contracts`).
export {
  ClawperatorError,
  type ClawperatorErrorShape,
  isClawperatorError,
} from "./core/contracts/clawperator-error.ts";
export { type ErrorCode, ErrorCodes } from "./core/contracts/error-codes.ts";

// The execution and what comes back (their zod schemas: `clawperator/contracts`).
export type {
  Action,
  ActionParams,
  ActionType,
  Device,
  Execution,
  ExecutionMode,
  NodeMatcher,
  ResultEnvelope,
  Retry,
  StepResult,
} from "./core/contracts/public.ts";

// Configuration.
export { defineConfig } from "./config/define-config.ts";
export type { ClawperatorConfig, ClawperatorConfigInput } from "./config/schema.ts";

// Embedding: one kernel, one result stream per device.
export {
  type Clawperator,
  type CreateClawperatorOptions,
  createClawperator,
  type ExecuteOptions,
} from "./runtime/create-clawperator.ts";

// Doctor: what `doctor --json` prints, and the facts checks share (a check of yours reads `SelectedDevice`).
export {
  type DoctorFacts,
  type DoctorFixOutcome,
  type DoctorReport,
  OperatorVersion,
  SelectedDevice,
} from "./core/doctor/index.ts";
