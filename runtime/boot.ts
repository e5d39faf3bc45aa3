import { bootKernel, type Kernel } from "../core/kernel/index.ts";
import { AgentTools } from "../core/services/agent-tools.ts";
import { ConfigSource } from "../core/services/config-source.ts";
import type { HostInfo } from "../core/services/host-info.ts";
import { createStderrLogger } from "../core/services/logger.ts";
import { defaultDevice } from "../config/default-device.ts";
import { loadConfig } from "../config/load-config.ts";
import type { ClawperatorConfig } from "../config/schema.ts";
import { resolvePlugins } from "../config/resolve-plugins.ts";
import { builtinPlugins } from "../plugins/index.ts";
import { agentToolsOf } from "./agent-tools.ts";
import { applyConfigOverrides, type ConfigOverrides } from "./config-overrides.ts";
import { reportPluginFailures } from "./plugin-failures.ts";

export interface BootOptions {
  cwd?: string;
  configPath?: string;
  verbose?: boolean;
  /** Show progress of long work on stderr (pretty output, for people). */
  progress?: boolean;
  host?: HostInfo;
  /** Settings given in code by a front end, laid over the config file's. */
  overrides?: ConfigOverrides;
  /** `--device-id`: the default device, before CLAWPERATOR_DEVICE_ID and the config's (`defaultDevice`). */
  deviceId?: string;
  /** Where CLAWPERATOR_DEVICE_ID is read (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Loads the config, then boots the kernel with the built-in plugins (minus the disabled ones) followed by the
 * config's plugins. This is the composition root: the one place that names the built-in plugin list; the CLI,
 * the programmatic API and the front ends (serve, OpenClaw) all boot through it. A configured plugin that fails to
 * load or set up is left out with a warning and a failing doctor check; a built-in one that fails stops the boot.
 */
export async function bootRuntime(options: BootOptions = {}): Promise<Kernel> {
  return bootWithConfig(await loadRuntimeConfig(options), options);
}

/**
 * The config a runtime of `options` boots with: the file found from its cwd (or named), then the overrides; its
 * `deviceId` is the default device every front end uses (`defaultDevice`: flag, environment, config).
 */
export async function loadRuntimeConfig(options: BootOptions): Promise<ClawperatorConfig> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = await loadConfig({ cwd, ...(options.configPath ? { configPath: options.configPath } : {}) });
  const config = options.overrides ? await applyConfigOverrides(loaded, options.overrides) : loaded;
  const deviceId = defaultDevice({
    flag: options.deviceId ?? options.overrides?.deviceId,
    env: options.env ?? process.env,
    config: loaded.deviceId,
  });
  const { deviceId: _configured, ...rest } = config;
  return deviceId === undefined ? rest : { ...rest, deviceId };
}

/** Boots the kernel for a config `loadRuntimeConfig` gave: the built-in plugins, then the config's. */
export async function bootWithConfig(config: ClawperatorConfig, options: BootOptions): Promise<Kernel> {
  const cwd = options.cwd ?? process.cwd();
  const disabled = new Set(config.disablePlugins);
  const builtins = builtinPlugins
    .filter((plugin) => !disabled.has(plugin.name))
    .map((plugin) => ({ plugin, origin: "builtin" }));
  const thirdParty = await resolvePlugins(config, cwd);
  const kernel = await bootKernel({
    plugins: [...builtins, ...thirdParty.entries],
    failures: thirdParty.failures,
    config,
    logger: createStderrLogger({ verbose: options.verbose ?? false, progress: options.progress ?? false }),
    host: options.host ?? { longLived: false },
  });
  kernel.services.register(AgentTools, { useValue: agentToolsOf(kernel) });
  kernel.services.register(ConfigSource, { useValue: { reload: () => loadRuntimeConfig(options) } });
  reportPluginFailures(kernel);
  return kernel;
}
