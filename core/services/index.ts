export { createEventBus, EventBus, type ClawperatorEvents, type EventName } from "./event-bus.ts";
export { createStderrLogger, Logger } from "./logger.ts";
export { RuntimeConfig } from "./runtime-config.ts";
export {
  Transport,
  type CallOptions,
  type LineStream,
  type PulledFile,
  type PullOptions,
  type ShellResult,
} from "./transport.ts";
export { HostInfo } from "./host-info.ts";
export { AgentViews, type ViewedResult, type ViewRunOptions, type ViewTarget } from "./agent-views.ts";
export {
  Skills,
  type RegistrySkill,
  type SkillList,
  type SkillOrigin,
  type SkillResult,
  type SkillRunOutcome,
  type SkillRunRequest,
  type SkillSearchQuery,
  type SkillsService,
  type SkillStatus,
  type SkillStatusReport,
  type SkillAgent,
  type SkillAllowlistUpdate,
  type SkillCheckReport,
  type SkillConfigWrite,
  type SkillDependencyOutcome,
  type SkillDependencyRequest,
  type SkillEntryUpdate,
  type SkillInstallOption,
  type SkillInstallOutcome,
  type SkillInstallRequest,
  type SkillInstructions,
  type SkillMissing,
  type SkillPrompt,
  type SkillReadiness,
  type SkillRemoval,
  type SkillRequirements,
  type SkillScope,
  type SkillsConfigFile,
} from "./skills.ts";
export {
  AgentTools,
  type AgentToolEntry,
  type JsonSchema,
  type ToolCallOptions,
  type ToolHints,
  type ToolOutput,
} from "./agent-tools.ts";
