import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { createEventBus, EventBus } from "../services/event-bus.ts";
import { HostInfo as HostInfoToken, type HostInfo } from "../services/host-info.ts";
import { Logger as LoggerToken, type Logger } from "../services/logger.ts";
import { RuntimeConfig } from "../services/runtime-config.ts";
import { Transport as TransportToken } from "../services/transport.ts";
import { DeviceLeases } from "../services/device-leases.ts";
import { ExecutionHooks } from "../execution/hooks.ts";
import { createServiceScope } from "./container.ts";
import type {
  CommandContribution,
  CommandGroupContribution,
  RegisteredCheck,
  RegisteredHook,
  RegisteredRoute,
  RegisteredTransport,
  SkillSourceContribution,
} from "./contributions.ts";
import type { ClawperatorPlugin } from "./define-plugin.ts";
import { failedDependency, orderTolerating, type PluginFailure, withdrawContributions } from "./isolated-plugins.ts";
import { attributedContributions } from "./plugin-contributions.ts";
import { parsePluginOptions } from "./plugin-options.ts";
import {
  CheckRegistry,
  CommandGroupRegistry,
  CommandRegistry,
  HookRegistry,
  RouteRegistry,
  SkillSourceRegistry,
  TransportRegistry,
} from "./registries.ts";
import { Registry } from "./registry.ts";
import type { ServiceAccess } from "./service-access.ts";
import { setupWithin } from "./setup-timeout.ts";
import { TransportRouter } from "./transport-router.ts";

export interface PluginEntry {
  plugin: ClawperatorPlugin;
  options?: unknown;
  /** Where it came from ("builtin", a package name or a file path), for error messages. */
  origin: string;
  /** A third-party plugin: when its options, ordering or setup fail it is left out and recorded in `failures`. */
  isolated?: boolean;
}

export interface Kernel {
  readonly plugins: readonly { name: string; origin: string }[];
  /** The isolated plugins that could not be loaded or set up, each with its error. */
  readonly failures: readonly PluginFailure[];
  /** This runtime's services: its own tsyringe child container, shared with no other kernel in the process. */
  readonly services: ServiceAccess;
  /**
   * Ends this runtime: disposes what its services built (the dispatcher's device streams, ...) and refuses service
   * use afterwards (USAGE). Another kernel in the process is untouched. Calling it again waits for the first call.
   */
  dispose(): Promise<void>;
  readonly config: RuntimeConfig;
  readonly logger: Logger;
  /** Keyed by the space-joined path; aliases are keys too and point at the same contribution. */
  readonly commands: Registry<CommandContribution>;
  readonly groups: Registry<CommandGroupContribution>;
  readonly routes: Registry<RegisteredRoute>;
  readonly checks: Registry<RegisteredCheck>;
  readonly hooks: Registry<RegisteredHook>;
  readonly transports: Registry<RegisteredTransport>;
  readonly skills: Registry<SkillSourceContribution>;
}

export const DEFAULT_SETUP_TIMEOUT_MS = 10_000;

/** The registries as services, and what core derives from them: the transport router and the loaded hooks. */
function provideCoreServices(kernel: Kernel): void {
  const { services, config, logger } = kernel;
  services.register(CommandRegistry, { useValue: kernel.commands });
  services.register(CommandGroupRegistry, { useValue: kernel.groups });
  services.register(RouteRegistry, { useValue: kernel.routes });
  services.register(CheckRegistry, { useValue: kernel.checks });
  services.register(HookRegistry, { useValue: kernel.hooks });
  services.register(TransportRegistry, { useValue: kernel.transports });
  services.register(SkillSourceRegistry, { useValue: kernel.skills });
  services.register(TransportToken, {
    useFactory: () =>
      new TransportRouter(kernel.transports, {
        services,
        config,
        logger,
        // Read on each release: `serve` and `mcp` say they are long-lived after the kernel boots.
        longLived: () => services.resolve(HostInfoToken).longLived,
      }),
  });
  // The router keeps the leases: the same instance under its second token.
  services.register(DeviceLeases, { useFactory: (s) => s.resolve(TransportToken) as TransportRouter });
  let loaded: ReturnType<ExecutionHooks> | undefined;
  services.register(ExecutionHooks, {
    useValue: () => {
      loaded ??= Promise.all(
        kernel.hooks
          .entries()
          .map((e) => e.value)
          .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
          .map(async (hook) => (await hook.load()).default),
      );
      return loaded;
    },
  });
}

export const commandKey = (path: readonly string[]) => path.join(" ");

/** A plugin's failure as its user sees it: a ClawperatorError whose message and details name the plugin. */
function setupError(error: unknown, name: string, origin: string): ClawperatorError {
  const cause = error instanceof ClawperatorError ? error : undefined;
  if (cause?.details?.plugin === name) return cause;
  const message = error instanceof Error ? error.message : String(error);
  const named = message.startsWith(`[plugin:${name}]`) ? message : `[plugin:${name}] setup failed: ${message}`;
  return new ClawperatorError(cause?.code ?? "PLUGIN_INVALID", named, {
    ...(cause?.hint === undefined ? {} : { hint: cause.hint }),
    details: { ...cause?.details, plugin: name, origin },
    cause: error,
  });
}

/**
 * Orders the plugins by `dependsOn`, parses each one's options with its schema, runs its `setup` (bounded by
 * `pluginSetupTimeoutMs`), and returns the filled registries. Every contribution is recorded with its plugin,
 * and its failures carry the plugin's name.
 */
export async function bootKernel(input: {
  plugins: readonly PluginEntry[];
  /** Configured plugins whose modules could not even be loaded. */
  failures?: readonly PluginFailure[];
  config: RuntimeConfig;
  logger: Logger;
  host?: HostInfo;
}): Promise<Kernel> {
  const { services, dispose } = createServiceScope();
  services.register(HostInfoToken, { useValue: input.host ?? { longLived: false } });
  services.register(RuntimeConfig, { useValue: input.config });
  services.register(LoggerToken, { useValue: input.logger });
  services.register(EventBus, { useValue: createEventBus() });

  const failures: PluginFailure[] = [...(input.failures ?? [])];
  const kernel: Kernel = {
    plugins: [],
    failures,
    services,
    dispose,
    config: input.config,
    logger: input.logger,
    commands: new Registry("command"),
    groups: new Registry("command group"),
    routes: new Registry("route"),
    checks: new Registry("doctor check"),
    hooks: new Registry("execution hook"),
    transports: new Registry("transport"),
    skills: new Registry("skill source"),
  };

  const timeoutMs = input.config.pluginSetupTimeoutMs ?? DEFAULT_SETUP_TIMEOUT_MS;
  const ordered = orderTolerating(input.plugins, failures);
  for (const entry of ordered) {
    const name = entry.plugin.name;
    try {
      const dependency = entry.isolated ? failedDependency(entry.plugin, failures) : undefined;
      if (dependency) throw dependency;
      const options = parsePluginOptions(entry.plugin, entry.options, entry.origin);
      const ctx = {
        name,
        options,
        config: input.config,
        logger: input.logger,
        services,
        ...attributedContributions(kernel, name),
      };
      await setupWithin(timeoutMs, name, () => entry.plugin.setup(ctx));
    } catch (error) {
      const named = setupError(error, name, entry.origin);
      if (!entry.isolated) throw named;
      withdrawContributions(kernel, name);
      failures.push({ plugin: name, origin: entry.origin, error: named });
      continue;
    }
    (kernel.plugins as { name: string; origin: string }[]).push({ name, origin: entry.origin });
  }
  provideCoreServices(kernel);
  return kernel;
}
