import type {
  CommandContribution,
  CommandGroupContribution,
  RegisteredCheck,
  RegisteredHook,
  RegisteredRoute,
  RegisteredTransport,
  SkillSourceContribution,
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
export const RouteRegistry = createToken<ContributionList<RegisteredRoute>>("RouteRegistry");
export const CheckRegistry = createToken<ContributionList<RegisteredCheck>>("CheckRegistry");
export const HookRegistry = createToken<ContributionList<RegisteredHook>>("HookRegistry");
export const TransportRegistry = createToken<ContributionList<RegisteredTransport>>("TransportRegistry");
export const SkillSourceRegistry = createToken<ContributionList<SkillSourceContribution>>("SkillSourceRegistry");
