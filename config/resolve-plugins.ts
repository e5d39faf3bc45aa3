import { dirname, isAbsolute, resolve } from "node:path";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import type { ClawperatorPlugin, PluginEntry } from "../core/kernel/index.ts";
import { importModule } from "./module-loader.ts";
import type { ClawperatorConfig } from "./schema.ts";

function isPlugin(value: unknown): value is ClawperatorPlugin {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ClawperatorPlugin).name === "string" &&
    typeof (value as ClawperatorPlugin).setup === "function"
  );
}

const isPath = (ref: string) => ref.startsWith(".") || isAbsolute(ref);

/**
 * Turns the config's `plugins` into kernel entries: package names are resolved from the config file's folder,
 * paths relative to it; each module must default-export a plugin made with definePlugin().
 */
export async function resolvePlugins(config: ClawperatorConfig, cwd: string): Promise<PluginEntry[]> {
  const base = config.filepath ?? resolve(cwd, "clawperator.config.ts");
  const entries: PluginEntry[] = [];
  for (const ref of config.plugins) {
    if (isPlugin(ref)) {
      entries.push({ plugin: ref, origin: config.filepath ?? "config" });
      continue;
    }
    const [specifier, options] = typeof ref === "string" ? [ref, undefined] : ref;
    const target = isPath(specifier) ? resolve(dirname(base), specifier) : specifier;
    let loaded: unknown;
    try {
      loaded = await importModule(target, base);
    } catch (error) {
      throw new ClawperatorError(
        "PLUGIN_INVALID",
        `[plugin:${specifier}] could not be loaded: ${(error as Error).message.split("\n")[0]}`,
        {
          hint: isPath(specifier)
            ? `Paths are resolved relative to ${dirname(base)}.`
            : `Install it next to the config: npm install ${specifier}`,
          details: { plugin: specifier, config: config.filepath },
          cause: error,
        },
      );
    }
    if (!isPlugin(loaded)) {
      throw new ClawperatorError(
        "PLUGIN_INVALID",
        `[plugin:${specifier}] must default-export a plugin made with definePlugin()`,
        {
          details: { plugin: specifier, config: config.filepath },
        },
      );
    }
    entries.push({ plugin: loaded, options, origin: specifier });
  }
  return entries;
}
