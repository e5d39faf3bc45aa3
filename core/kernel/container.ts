import type { DependencyContainer } from "tsyringe";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ServiceAccess } from "./service-access.ts";
import * as tsyringe from "./tsyringe-runtime.ts";

type Provider<T> = { useValue: T } | { useFactory: (services: ServiceAccess) => T };

/** One tsyringe child container per kernel, so tests and embedders can boot several kernels side by side. */
export function createServiceAccess(): ServiceAccess {
  const container: DependencyContainer = tsyringe.container.createChildContainer();

  const access: ServiceAccess = {
    register(token, provider) {
      const p = provider as Provider<unknown>;
      if ("useValue" in p) container.register(token, { useValue: p.useValue });
      // Factories run once, on first resolve: services cost nothing until a command needs them.
      else container.register(token, { useFactory: tsyringe.instanceCachingFactory(() => p.useFactory(access)) });
    },
    resolve<T>(token: symbol): T {
      if (!container.isRegistered(token, true)) {
        throw new ClawperatorError("PLUGIN_INVALID", `no service is registered for ${token.description ?? String(token)}`, {
          hint: "A plugin that provides it may be disabled in the config.",
        });
      }
      return container.resolve<T>(token);
    },
    isRegistered: (token) => container.isRegistered(token, true),
  };
  return access;
}
