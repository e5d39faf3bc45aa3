import { createEventBus, EventBus } from "../services/event-bus.ts";
import type { Logger } from "../services/logger.ts";
import { Logger as LoggerToken } from "../services/logger.ts";
import { RuntimeConfig } from "../services/runtime-config.ts";
import { HostInfo as HostInfoToken, type HostInfo } from "../services/host-info.ts";
import { Transport as TransportToken } from "../services/transport.ts";
import { ExecutionHooks } from "../execution/hooks.ts";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { createServiceAccess } from "./container.ts";
import type {
  CheckContribution, CommandContribution, CommandGroupContribution, ExecutionHookContribution, RouteContribution,
  TransportContribution,
} from "./contributions.ts";
import type { ClawperatorPlugin, PluginContext } from "./define-plugin.ts";
import { orderPlugins } from "./order-plugins.ts";
import { Registry } from "./registry.ts";
import type { ServiceAccess } from "./service-access.ts";

export interface PluginEntry {
  plugin: ClawperatorPlugin<any>;
  options?: unknown;
  /** Where it came from ("builtin", a package name or a file path), for error messages. */
  origin: string;
}

export interface Kernel {
  readonly plugins: readonly { name: string; origin: string }[];
  readonly services: ServiceAccess;
  readonly config: RuntimeConfig;
  readonly logger: Logger;
  /** Keyed by the space-joined path; aliases are keys too and point at the same contribution. */
  readonly commands: Registry<CommandContribution>;
  readonly groups: Registry<CommandGroupContribution>;
  readonly routes: Registry<RouteContribution>;
  readonly checks: Registry<CheckContribution>;
  readonly hooks: Registry<ExecutionHookContribution<any, any>>;
  readonly transports: Registry<TransportContribution>;
}

/** Services core derives from the registries: the selected transport and the loaded execution hooks. */
function provideCoreServices(kernel: Kernel): void {
  const { services, config } = kernel;
  services.register(TransportToken, {
    useFactory: () => {
      const name = config.transport ?? (kernel.transports.has("adb") ? "adb" : kernel.transports.keys()[0]);
      const entry = name === undefined ? undefined : kernel.transports.get(name);
      if (!entry) {
        throw new ClawperatorError("PLUGIN_INVALID", `transport "${name ?? "(none)"}" is not registered`, {
          hint: `Registered transports: ${kernel.transports.keys().join(", ") || "none"}. Stop disabling the adb plugin, or add a transport plugin.`,
        });
      }
      return entry.value.create({ services, config, logger: kernel.logger });
    },
  });
  services.register(ExecutionHooks, {
    useValue: async () => {
      const hooks = kernel.hooks.entries().map((e) => e.value).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      return Promise.all(hooks.map(async (hook) => (await hook.load()).default));
    },
  });
}

export const commandKey = (path: readonly string[]) => path.join(" ");

/** Orders the plugins by `dependsOn`, runs each `setup`, and returns the filled registries. */
export async function bootKernel(input: { plugins: readonly PluginEntry[]; config: RuntimeConfig; logger: Logger; host?: HostInfo }): Promise<Kernel> {
  const services = createServiceAccess();
  services.register(HostInfoToken, { useValue: input.host ?? { longLived: false } });
  services.register(RuntimeConfig, { useValue: input.config });
  services.register(LoggerToken, { useValue: input.logger });
  services.register(EventBus, { useValue: createEventBus() });

  const kernel: Kernel = {
    plugins: [],
    services,
    config: input.config,
    logger: input.logger,
    commands: new Registry("command"),
    groups: new Registry("command group"),
    routes: new Registry("route"),
    checks: new Registry("doctor check"),
    hooks: new Registry("execution hook"),
    transports: new Registry("transport"),
  };

  const ordered = orderPlugins(input.plugins.map((entry) => ({ ...entry, name: entry.plugin.name, dependsOn: entry.plugin.dependsOn })));
  for (const entry of ordered) {
    const name = entry.plugin.name;
    const ctx: PluginContext<unknown> = {
      name,
      options: entry.options,
      config: input.config,
      logger: input.logger,
      services,
      commands: {
        add(command) {
          kernel.commands.add(commandKey(command.path), name, command);
          for (const alias of command.aliases ?? []) kernel.commands.add(commandKey(alias), name, command);
        },
        group(group) {
          if (!kernel.groups.has(commandKey(group.path))) kernel.groups.add(commandKey(group.path), name, group);
        },
      },
      routes: { add: (route) => kernel.routes.add(`${route.method} ${route.path}`, name, route) },
      checks: { add: (check) => kernel.checks.add(check.id, name, check) },
      hooks: { add: (hook) => kernel.hooks.add(hook.name, name, hook) },
      transports: { add: (transport) => kernel.transports.add(transport.name, name, transport) },
    };
    try {
      await entry.plugin.setup(ctx);
    } catch (error) {
      if (error instanceof ClawperatorError) throw error;
      throw new ClawperatorError("PLUGIN_INVALID", `[plugin:${name}] setup failed: ${(error as Error).message}`, {
        details: { plugin: name, origin: entry.origin },
        cause: error,
      });
    }
    (kernel.plugins as { name: string; origin: string }[]).push({ name, origin: entry.origin });
  }
  provideCoreServices(kernel);
  return kernel;
}
