import type { CommandHandler } from "../../../core/kernel/index.ts";
import { RouteRegistry } from "../../../core/kernel/index.ts";
import { OperatorDispatcher } from "../../../core/execution/dispatcher.ts";
import { createStreamSlots, StreamSlots } from "../../../core/http/stream-slots.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { HostInfo } from "../../../core/services/host-info.ts";
import { Skills } from "../../../core/services/skills.ts";
import type { serveArgs } from "../command-args.ts";
import { packageVersion } from "../../../core/package-version.ts";
import { bannerJson, bannerPretty } from "../server/banner.ts";
import { createServeApp } from "../server/create-app.ts";
import { Lifecycle } from "../server/lifecycle.ts";
import { listen } from "../server/listen.ts";
import { runUntilStopped } from "../server/run-until-stopped.ts";
import { allowedHostsFor } from "../server/security.ts";
import { resolveSettings } from "../server/settings.ts";
import { ServeOptions } from "../serve-options.ts";

/** `clawperator serve`: mounts the route registry, prints where it listens, serves until a signal, exits 0. */
const serveCommand: CommandHandler<typeof serveArgs> = {
  async run({ args, config, services, logger, globals }) {
    const settings = resolveSettings(args, config);
    // This process lives on: the dispatcher (built on first use, after this) keeps one result stream per device.
    services.register(HostInfo, { useValue: { longLived: true } });
    services.register(ServeOptions, {
      useValue: {
        heartbeatMs: settings.heartbeatMs,
        tokenRequired: settings.token !== undefined,
        version: packageVersion(),
      },
    });

    services.register(StreamSlots, { useValue: createStreamSlots(settings.streams) });

    const routes = services.resolve(RouteRegistry).entries();
    const lifecycle = new Lifecycle();
    const app = createServeApp({
      routes,
      context: { services, config, logger },
      security: {
        ...(settings.token === undefined ? {} : { token: settings.token }),
        allowedHosts: allowedHostsFor(settings.host, settings.allowedHosts),
        allowedOrigins: new Set(settings.allowedOrigins),
      },
      lifecycle,
    });
    const server = await listen(app, {
      host: settings.host,
      port: settings.port,
      requestTimeoutMs: settings.requestTimeoutMs,
    });

    // Stopped by a signal from the moment it listens: a supervisor may send SIGTERM as soon as it reads the banner.
    const stopped = runUntilStopped(server, lifecycle, logger);
    const banner = {
      url: server.url,
      host: settings.host,
      port: server.port,
      tokenRequired: settings.token !== undefined,
      ...(settings.tokenFile ? { tokenFile: settings.tokenFile } : {}),
      routes,
    };
    process.stdout.write(`${globals.output === "pretty" ? bannerPretty(banner) : bannerJson(banner)}\n`);
    if (settings.token === undefined)
      logger.warn(
        "serve: no token. Any local account, and any process of any user on this machine, can drive every device " +
          "through this server; give it one with --token-file or CLAWPERATOR_SERVE_TOKEN",
      );
    services.resolve(EventBus).emit("clawperator:serve-listening", { url: server.url });
    // Once listening: the skills snapshot is kept and rebuilt by its watcher (skills.load.watch, default on).
    if (services.isRegistered(Skills))
      void services
        .resolve(Skills)
        .watch()
        .catch((error: unknown) => logger.warn(`skills: not watching: ${(error as Error).message}`));

    await stopped;
    if (services.isRegistered(OperatorDispatcher)) await services.resolve(OperatorDispatcher).dispose();
    // Printed its own output (the banner); nothing more to print, exit 0.
    return undefined;
  },
};

export default serveCommand;
