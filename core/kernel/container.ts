import { createRequire } from "node:module";
import type { DependencyContainer } from "tsyringe";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ServiceAccess } from "./service-access.ts";

type Provider<T> = { useValue: T } | { useFactory: (services: ServiceAccess) => T };

const require = createRequire(import.meta.url);

/**
 * One tsyringe child container per kernel, so tests and embedders can boot several kernels side by side.
 * tsyringe and its reflect polyfill cost ~60 ms to load, so registrations are kept until the first resolve:
 * `--help` and command listings never load them.
 */
export function createServiceAccess(): ServiceAccess {
  const pending = new Map<symbol, Provider<unknown>>();
  let container: DependencyContainer | undefined;

  const materialize = (): DependencyContainer => {
    if (container) return container;
    require("reflect-metadata");
    const tsyringe = require("tsyringe") as typeof import("tsyringe");
    container = tsyringe.container.createChildContainer();
    for (const [token, provider] of pending) bind(container, tsyringe, token, provider);
    pending.clear();
    return container;
  };

  const bind = (c: DependencyContainer, tsyringe: typeof import("tsyringe"), token: symbol, provider: Provider<unknown>) => {
    if ("useValue" in provider) c.register(token, { useValue: provider.useValue });
    // Factories run once, on first resolve: services cost nothing until a command needs them.
    else c.register(token, { useFactory: tsyringe.instanceCachingFactory(() => provider.useFactory(access)) });
  };

  const access: ServiceAccess = {
    register(token, provider) {
      if (container) bind(container, require("tsyringe") as typeof import("tsyringe"), token, provider as Provider<unknown>);
      else pending.set(token, provider as Provider<unknown>);
    },
    resolve<T>(token: symbol): T {
      const c = materialize();
      if (!c.isRegistered(token, true)) {
        throw new ClawperatorError("PLUGIN_INVALID", `no service is registered for ${token.description ?? String(token)}`, {
          hint: "A plugin that provides it may be disabled in the config.",
        });
      }
      return c.resolve<T>(token);
    },
    isRegistered: (token) => (container ? container.isRegistered(token, true) : pending.has(token)),
  };
  return access;
}
