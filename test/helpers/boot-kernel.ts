import { bootKernel, type ClawperatorPlugin, type Kernel } from "../../core/kernel/index.ts";
import type { Logger } from "../../core/services/logger.ts";
import type { RuntimeConfig } from "../../core/services/runtime-config.ts";

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, progress() {} };

/** Boots a kernel from bare plugins, the way the CLI does after config resolution; origins read `test:<name>`. */
export function boot(plugins: readonly ClawperatorPlugin[], config: RuntimeConfig = {}): Promise<Kernel> {
  return bootKernel({
    plugins: plugins.map((plugin) => ({ plugin, origin: `test:${plugin.name}` })),
    config,
    logger: silentLogger,
  });
}
