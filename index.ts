/**
 * The package root: what a plugin author (definePlugin, the contributions, the check results, the service tokens)
 * and an embedder (createClawperator, the execution and its result, the config) need. The rest is behind a named
 * subpath: `clawperator/kernel` (registries, for plugins that consume others' contributions), `clawperator/contracts`
 * (schemas, limits, the skills service's types), `clawperator/errors` (the codes, exit codes and HTTP statuses),
 * `clawperator/testing`, `clawperator/config`, `clawperator/virtual`, `clawperator/http`.
 * test/architecture/public-surface.test.ts pins this list.
 */

// Plugins: the definition helpers, the context, what can be contributed, typed tokens.
export type {
  CheckContribution,
  CommandArgs,
  CommandDefinition,
  CommandHandler,
  CommandRunContext,
  DoctorCheck,
  DoctorCheckContext,
  DoctorCheckOutcome,
  DoctorCheckResult,
  ExecutionHookContribution,
  GlobalOptions,
  RouteContribution,
  RouteHandler,
  RouteRequestContext,
  SkillSourceContribution,
  TransportContribution,
  TransportFactory,
  TransportFactoryContext,
} from "./core/kernel/contributions.ts";
export { type ClawperatorPlugin, definePlugin, type PluginContext } from "./core/kernel/define-plugin.ts";
export { defineCliCommand, defineCommandHandler } from "./core/kernel/define-command.ts";
export type { ServiceAccess } from "./core/kernel/service-access.ts";
export { createToken, type Token } from "./core/kernel/token.ts";
export { fail, ok, skip, warn } from "./core/doctor/check-results.ts";

// Services core provides, each a token beside its interface, and the execution runner a plugin provides.
export {
  type CallOptions,
  type ClawperatorEvents,
  EventBus,
  HostInfo,
  type LineStream,
  Logger,
  type PulledFile,
  type PullOptions,
  RuntimeConfig,
  type ShellResult,
  Skills,
  type SkillsService,
  Transport,
} from "./core/services/index.ts";
export {
  type AfterResultContext,
  type BeforeDispatchContext,
  type ExecutionHook,
  ExecutionRunner,
  type RunExecutionRequest,
  type RunExecutionResult,
} from "./core/execution/index.ts";

// Errors: the class and its guard (the codes, their exit codes and HTTP statuses: `clawperator/errors`).
export { ClawperatorError, isClawperatorError } from "./core/contracts/clawperator-error.ts";
export type { ErrorCode } from "./core/contracts/error-codes.ts";

// The execution and what comes back (their zod schemas: `clawperator/contracts`).
export type {
  Action,
  Device,
  Execution,
  NodeMatcher,
  ResultEnvelope,
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
export { type DoctorReport, OperatorVersion, SelectedDevice } from "./core/doctor/index.ts";
