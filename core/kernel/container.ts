import type { DependencyContainer } from "tsyringe";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ServiceAccess, ServiceProvider } from "./service-access.ts";
import * as tsyringe from "./tsyringe-runtime.ts";

/** One tsyringe child container per kernel, so tests and embedders can boot several kernels side by side. */
export function createServiceAccess(): ServiceAccess {
  const container: DependencyContainer = tsyringe.container.createChildContainer();

  const access: ServiceAccess = {
    register<T>(token: symbol, provider: ServiceProvider<T>) {
      if ("useValue" in provider) container.register(token, { useValue: provider.useValue });
      // Factories run once, on first resolve: services cost nothing until a command needs them.
      else
        container.register(token, { useFactory: tsyringe.instanceCachingFactory(() => provider.useFactory(access)) });
    },
    resolve<T>(token: symbol): T {
      if (!container.isRegistered(token, true)) {
        throw new ClawperatorError(
          "PLUGIN_INVALID",
          `no service is registered for ${token.description ?? String(token)}`,
          {
            hint: "A plugin that provides it may be disabled in the config.",
          },
        );
      }
      return container.resolve<T>(token);
    },
    isRegistered: (token) => container.isRegistered(token, true),
  };
  return access;
}
