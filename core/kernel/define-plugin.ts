import type { ArgsDef } from "citty";
import type { Logger } from "../services/logger.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import type {
  AnyCommandDefinition,
  CheckContribution,
  CommandDefinition,
  CommandGroupContribution,
  ExecutionHookContribution,
  NoArgs,
  RouteContribution,
  SkillSourceContribution,
  TransportContribution,
} from "./contributions.ts";
import type { ServiceAccess } from "./service-access.ts";

/**
 * The part of a zod schema (zod 3 or 4, whichever copy the plugin imports) the kernel uses; a plugin's schema
 * is run by the kernel without the kernel loading zod itself.
 */
export interface OptionsSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly OptionsIssue[] } };
}
export interface OptionsIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
}

/** Everything a plugin may contribute; nothing else is global. */
export interface PluginContext<Options = unknown> {
  readonly name: string;
  /**
   * The options given next to the plugin in the config (`[name, options]`), parsed by the plugin's `options` schema.
   */
  readonly options: Options;
  readonly config: RuntimeConfig;
  readonly logger: Logger;
  readonly services: ServiceAccess;
  readonly commands: {
    add<const A extends ArgsDef = NoArgs, R = unknown>(command: CommandDefinition<A, R>): void;
    add(command: AnyCommandDefinition): void;
    group(group: CommandGroupContribution): void;
  };
  readonly routes: { add(route: RouteContribution): void };
  readonly checks: { add(check: CheckContribution): void };
  readonly hooks: { add(hook: ExecutionHookContribution): void };
  readonly transports: { add(transport: TransportContribution): void };
  readonly skills: { add(source: SkillSourceContribution): void };
}

export interface ClawperatorPlugin<Options = unknown> {
  name: string;
  version?: string;
  /** Plugins that must be set up first; a missing one is an error naming both. */
  dependsOn?: readonly string[];
  /** A zod schema for the plugin's options; the kernel parses them before `setup` (CONFIG_INVALID naming the path). */
  options?: OptionsSchema<Options>;
  /**
   * A method, not a function property: a plugin of any options is then a `ClawperatorPlugin` (of `unknown`), which
   * is how lists of plugins are typed; the kernel only ever hands `setup` what the plugin's own schema parsed.
   */
  setup(ctx: PluginContext<Options>): void | Promise<void>;
}

/** Returns its input; exists so TypeScript infers `ctx.options` from the `options` schema. */
export function definePlugin<Options = unknown>(plugin: ClawperatorPlugin<Options>): ClawperatorPlugin<Options> {
  return plugin;
}
