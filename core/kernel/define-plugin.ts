import type { Logger } from "../services/logger.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import type {
  CheckContribution, CommandContribution, CommandGroupContribution, ExecutionHookContribution, RouteContribution,
  TransportContribution,
} from "./contributions.ts";
import type { ServiceAccess } from "./service-access.ts";

/** Everything a plugin may contribute; nothing else is global. */
export interface PluginContext<Options = unknown> {
  readonly name: string;
  /** The options given next to the plugin in the config (`[name, options]`), unvalidated: plugins parse them. */
  readonly options: Options;
  readonly config: RuntimeConfig;
  readonly logger: Logger;
  readonly services: ServiceAccess;
  readonly commands: { add(command: CommandContribution): void; group(group: CommandGroupContribution): void };
  readonly routes: { add(route: RouteContribution): void };
  readonly checks: { add(check: CheckContribution): void };
  readonly hooks: { add(hook: ExecutionHookContribution<any, any>): void };
  readonly transports: { add(transport: TransportContribution): void };
}

export interface ClawperatorPlugin<Options = unknown> {
  name: string;
  version?: string;
  /** Plugins that must be set up first; a missing one is an error naming both. */
  dependsOn?: readonly string[];
  setup(ctx: PluginContext<Options>): void | Promise<void>;
}

/** Returns its input; exists so TypeScript infers the plugin's types. */
export function definePlugin<Options = unknown>(plugin: ClawperatorPlugin<Options>): ClawperatorPlugin<Options> {
  return plugin;
}
