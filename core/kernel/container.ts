import type { DependencyContainer } from "tsyringe";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ServiceAccess, ServiceProvider } from "./service-access.ts";
import * as tsyringe from "./tsyringe-runtime.ts";

/** One runtime's services and the end of their life. */
export interface ServiceScope {
  readonly services: ServiceAccess;
  /** Disposes every service instance this scope built that has a `dispose()`; the services refuse use afterwards. */
  dispose(): Promise<void>;
}

const describe = (token: symbol) => token.description ?? String(token);

const closed = () =>
  new ClawperatorError("USAGE", "this Clawperator runtime was closed; its services cannot be used any more", {
    hint: "Create a new runtime (createClawperator()) instead of using one after close().",
  });

/**
 * A tsyringe child container per runtime, so two runtimes in one process (an OpenClaw gateway and a test, two
 * createClawperator() calls) never share an instance, and closing one leaves the other working. Factories are
 * registered as singletons of this container: built on first resolve, once, and owned by it, so the container's
 * `dispose()` disposes what they built (tsyringe's Disposable: an object with a `dispose()` method) and nothing
 * that was never built.
 */
export function createServiceScope(): ServiceScope {
  const container: DependencyContainer = tsyringe.container.createChildContainer();
  let disposed: Promise<void> | undefined;
  const open = () => {
    if (disposed !== undefined) throw closed();
  };

  const services: ServiceAccess = {
    register<T>(token: symbol, provider: ServiceProvider<T>) {
      open();
      if ("useValue" in provider) {
        container.register(token, { useValue: provider.useValue });
        return;
      }
      const { useFactory } = provider;
      const build = (): object => {
        const product: unknown = useFactory(services);
        if ((typeof product === "object" && product !== null) || typeof product === "function") return product;
        throw new ClawperatorError("PLUGIN_INVALID", `the factory of ${describe(token)} made a ${typeof product}`, {
          hint: "A factory makes an object; register a plain value with { useValue }.",
        });
      };
      // tsyringe keeps and disposes only the instances it constructs: constructing this class builds the service.
      const Built = class {
        constructor() {
          // biome-ignore lint/correctness/noConstructorReturn: the factory's product is the instance tsyringe holds.
          return build();
        }
      };
      container.register(token, { useClass: Built as new () => T }, { lifecycle: tsyringe.Lifecycle.Singleton });
    },
    resolve<T>(token: symbol): T {
      open();
      if (!container.isRegistered(token, true)) {
        throw new ClawperatorError("PLUGIN_INVALID", `no service is registered for ${describe(token)}`, {
          hint: "A plugin that provides it may be disabled in the config.",
        });
      }
      return container.resolve<T>(token);
    },
    isRegistered: (token) => {
      open();
      return container.isRegistered(token, true);
    },
  };
  return { services, dispose: () => (disposed ??= Promise.resolve(container.dispose())) };
}
