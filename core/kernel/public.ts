/**
 * `clawperator/kernel`: the seams for plugins that consume other plugins' contributions or take part in the
 * execution pipeline (the registries as services, the loaded execution hooks, the operator dispatcher) and for
 * attributing a failure to a plugin. A plugin that only contributes needs the package root alone.
 */
export { attributeError, type Attribution } from "./attribution.ts";
export { SKILL_PRECEDENCE } from "./contributions.ts";
export {
  CheckRegistry,
  CommandGroupRegistry,
  CommandRegistry,
  type ContributionList,
  HookRegistry,
  RouteRegistry,
  SkillSourceRegistry,
  TransportRegistry,
} from "./registries.ts";
export type { Owned } from "./registry.ts";
export { type DispatchOutcome, type DispatchRequest, OperatorDispatcher } from "../execution/dispatcher.ts";
export { ExecutionHooks } from "../execution/hooks.ts";
