import type { ArgsDef } from "citty";
import type { ExecutionHook } from "../execution/hooks.ts";
import { attributed, attributeError, type Attribution } from "./attribution.ts";
import type { CommandContribution, CommandDefinition, CommandHandler, Lazy, NoArgs } from "./contributions.ts";
import type { PluginContext } from "./define-plugin.ts";
import type { Kernel } from "./kernel.ts";

/** A lazy contribution whose loading, and whatever the loaded value's methods throw, is attributed to its plugin. */
function lazyAttributed<T>(load: Lazy<T>, by: Attribution, wrap: (value: T) => T): Lazy<T> {
  return async () => ({ default: wrap((await attributed(by, load)).default) });
}

function wrapMethods<T extends object>(value: T, by: Attribution, names: readonly (keyof T)[]): T {
  const copy = { ...value };
  for (const name of names) {
    const method = value[name];
    if (typeof method !== "function") continue;
    (copy as Record<keyof T, unknown>)[name] = (...args: unknown[]) =>
      attributed(by, () => (method as (...a: unknown[]) => unknown).apply(value, args));
  }
  return copy;
}

/** A command handler whose failures carry its plugin; `pretty` and `exitCode` stay synchronous. */
function attributedHandler<A extends ArgsDef>(handler: CommandHandler<A>, by: Attribution): CommandHandler<A> {
  return { ...handler, run: (ctx) => attributed(by, () => handler.run(ctx)) };
}

/**
 * h3's HTTPError (thrown by its body and param helpers) is the route's answer, not a plugin bug: it passes unchanged.
 */
const isHttpError = (error: unknown) =>
  error instanceof Error && error.name === "HTTPError" && typeof (error as { status?: unknown }).status === "number";

async function attributedRoute(by: Attribution, run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    throw isHttpError(error) ? error : attributeError(error, by);
  }
}

type ContributionAdders = Pick<PluginContext, "commands" | "routes" | "checks" | "hooks" | "transports" | "skills">;

/** The `ctx.*.add` functions of one plugin: each records the contribution under the plugin's name, attributed. */
export function attributedContributions(kernel: Kernel, plugin: string): ContributionAdders {
  const key = (path: readonly string[]) => path.join(" ");
  return {
    commands: {
      add<const A extends ArgsDef = NoArgs>(command: CommandDefinition<A>) {
        const id = key(command.path);
        const by = { plugin, contribution: { command: id } };
        const contribution: CommandContribution<A> = {
          ...command,
          load: lazyAttributed(command.load, by, (handler) => attributedHandler(handler, by)),
        };
        kernel.commands.add(id, plugin, contribution);
        for (const alias of command.aliases ?? []) kernel.commands.add(key(alias), plugin, contribution);
      },
      group(group) {
        if (!kernel.groups.has(key(group.path))) kernel.groups.add(key(group.path), plugin, group);
      },
    },
    routes: {
      add(route) {
        const id = `${route.method} ${route.path}`;
        const by = { plugin, contribution: { route: id } };
        kernel.routes.add(id, plugin, {
          ...route,
          load: lazyAttributed(route.load, by, (handler) => (event) => attributedRoute(by, () => handler(event))),
        });
      },
    },
    checks: {
      add(check) {
        const by = { plugin, contribution: { check: check.id } };
        kernel.checks.add(check.id, plugin, {
          ...check,
          load: lazyAttributed(check.load, by, (c) => wrapMethods(c, by, ["run"])),
        });
      },
    },
    hooks: {
      add(hook) {
        const by = { plugin, contribution: { hook: hook.name } };
        const names: (keyof ExecutionHook)[] = ["beforeDispatch", "afterResult"];
        kernel.hooks.add(hook.name, plugin, {
          ...hook,
          load: lazyAttributed(hook.load, by, (h) => wrapMethods(h, by, names)),
        });
      },
    },
    transports: { add: (transport) => kernel.transports.add(transport.name, plugin, transport) },
    skills: { add: (source) => kernel.skills.add(source.id, plugin, source) },
  };
}
