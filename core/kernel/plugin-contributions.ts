import type { ArgsDef } from "citty";
import type { ExecutionHook } from "../execution/hooks.ts";
import { attributed, attributeError, type Attribution } from "./attribution.ts";
import type { AnyCommandDefinition, CommandContribution, CommandHandler, DoctorCheck } from "./contributions.ts";
import type { PluginContext } from "./define-plugin.ts";
import type { Kernel } from "./kernel.ts";
import { type Lazy, lazyOf, type Resolvable } from "./resolvable.ts";

/** A contribution's implementation, in whichever form it came, whose loading and whose methods' failures are attributed
 * to its plugin. */
function lazyAttributed<T>(load: Resolvable<T>, by: Attribution, wrap: (value: T) => T): Lazy<T> {
  const lazy = lazyOf(load);
  return async () => ({ default: wrap((await attributed(by, lazy)).default) });
}

/** The implementation of a contribution that gives it inline (`run`, a hook's methods) or under `load`. */
function implementation<T>(contribution: { load?: unknown }, inline: () => T): Resolvable<T> {
  return contribution.load === undefined ? inline() : (contribution.load as Resolvable<T>);
}

/** A contribution's description without its implementation, as the registry keeps it beside the loader. */
function described<C extends object>(contribution: C, ...implementationKeys: string[]): C {
  const info = { ...contribution } as Record<string, unknown>;
  for (const key of ["load", ...implementationKeys]) delete info[key];
  return info as C;
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
  return { ...handler, run: (args, ctx) => attributed(by, () => handler.run(args, ctx)) };
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
      add(command: AnyCommandDefinition) {
        const id = key(command.path);
        const by = { plugin, contribution: { command: id } };
        const { run, pretty, exitCode } = command;
        const handler = implementation(command, () => ({ run, pretty, exitCode }));
        const contribution: CommandContribution = {
          ...described(command, "run", "pretty", "exitCode"),
          load: lazyAttributed(handler as Resolvable<CommandHandler<ArgsDef>>, by, (h) => attributedHandler(h, by)),
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
        // A handler is itself a function: inline it comes as `handler`, and `load` is always called.
        const load = route.load ?? (() => route.handler);
        kernel.routes.add(id, plugin, {
          ...described(route, "handler"),
          load: lazyAttributed(load, by, (handler) => (event) => attributedRoute(by, () => handler(event))),
        });
      },
    },
    checks: {
      add(check) {
        const by = { plugin, contribution: { check: check.id } };
        kernel.checks.add(check.id, plugin, {
          ...described(check, "run"),
          phase: check.phase ?? "host",
          critical: check.critical ?? false,
          description: check.description ?? check.id,
          load: lazyAttributed(
            implementation<DoctorCheck>(check, () => ({ run: (check as DoctorCheck).run })),
            by,
            (c) => wrapMethods(c, by, ["run"]),
          ),
        });
      },
    },
    hooks: {
      add(hook) {
        const by = { plugin, contribution: { hook: hook.name } };
        const names: (keyof ExecutionHook)[] = ["beforeDispatch", "afterResult"];
        kernel.hooks.add(hook.name, plugin, {
          ...described(hook, ...names),
          load: lazyAttributed(
            implementation<ExecutionHook>(hook, () => {
              const { beforeDispatch, afterResult } = hook as ExecutionHook;
              return { beforeDispatch, afterResult };
            }),
            by,
            (h) => wrapMethods(h, by, names),
          ),
        });
      },
    },
    transports: {
      add(transport) {
        const load = transport.load ?? (() => transport.create);
        kernel.transports.add(transport.name, plugin, { ...described(transport, "create"), load: lazyOf(load) });
      },
    },
    skills: { add: (source) => kernel.skills.add(source.id, plugin, source) },
  };
}
