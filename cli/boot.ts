import { bootKernel, type GlobalOptions, type Kernel } from "../core/kernel/index.ts";
import type { HostInfo } from "../core/services/host-info.ts";
import { createStderrLogger } from "../core/services/logger.ts";
import { loadConfig } from "../config/load-config.ts";
import { resolvePlugins } from "../config/resolve-plugins.ts";
import { builtinPlugins } from "../plugins/index.ts";

/**
 * Loads the config, then boots the kernel with the built-in plugins (minus the disabled ones) followed by the
 * config's plugins. This is the composition root: the one place the CLI names the built-in plugin list.
 */
export async function bootCli(globals: GlobalOptions, cwd = process.cwd(), host: HostInfo = { longLived: false }): Promise<Kernel> {
  const config = await loadConfig({ cwd, ...(globals.configPath ? { configPath: globals.configPath } : {}) });
  const disabled = new Set(config.disablePlugins);
  const builtins = builtinPlugins.filter((plugin) => !disabled.has(plugin.name)).map((plugin) => ({ plugin, origin: "builtin" }));
  const thirdParty = await resolvePlugins(config, cwd);
  return bootKernel({
    plugins: [...builtins, ...thirdParty],
    config,
    logger: createStderrLogger({ verbose: globals.verbose, progress: globals.output === "pretty" }),
    host,
  });
}
