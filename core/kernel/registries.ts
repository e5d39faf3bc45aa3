import type {
  CheckContribution,
  CommandContribution,
  CommandGroupContribution,
  ExecutionHookContribution,
  RouteContribution,
  SkillSourceContribution,
  TransportContribution,
} from "./contributions.ts";
import type { Registry } from "./registry.ts";
import { createToken } from "./token.ts";

/** What a consuming plugin reads of a registry: the contributions, each with the plugin that made it. */
export type ContributionList<T> = Pick<Registry<T>, "entries" | "get" | "has" | "keys">;

/**
 * The registries as services, for the plugins that consume them (cli: commands, serve: routes, doctor: checks, ...).
 */
export const CommandRegistry = createToken<ContributionList<CommandContribution>>("CommandRegistry");
export const CommandGroupRegistry = createToken<ContributionList<CommandGroupContribution>>("CommandGroupRegistry");
export const RouteRegistry = createToken<ContributionList<RouteContribution>>("RouteRegistry");
export const CheckRegistry = createToken<ContributionList<CheckContribution>>("CheckRegistry");
export const HookRegistry = createToken<ContributionList<ExecutionHookContribution>>("HookRegistry");
export const TransportRegistry = createToken<ContributionList<TransportContribution>>("TransportRegistry");
export const SkillSourceRegistry = createToken<ContributionList<SkillSourceContribution>>("SkillSourceRegistry");
