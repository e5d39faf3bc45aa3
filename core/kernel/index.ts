export type * from "./contributions.ts";
export { SKILL_PRECEDENCE } from "./contributions.ts";
export { attributeError, type Attribution } from "./attribution.ts";
export {
  definePlugin,
  type ClawperatorPlugin,
  type OptionsIssue,
  type OptionsSchema,
  type PluginContext,
} from "./define-plugin.ts";
export { defineCliCommand, defineCommandHandler } from "./define-command.ts";
export { bootKernel, commandKey, DEFAULT_SETUP_TIMEOUT_MS, type Kernel, type PluginEntry } from "./kernel.ts";
export type { PluginFailure } from "./isolated-plugins.ts";
export { orderPlugins } from "./order-plugins.ts";
export {
  CheckRegistry,
  CommandGroupRegistry,
  CommandRegistry,
  HookRegistry,
  RouteRegistry,
  SkillSourceRegistry,
  TransportRegistry,
  type ContributionList,
} from "./registries.ts";
export { Registry, type Owned } from "./registry.ts";
export type { ServiceAccess, ServiceProvider } from "./service-access.ts";
export { createToken, type Token } from "./token.ts";
