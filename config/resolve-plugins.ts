import { dirname, isAbsolute, resolve } from "node:path";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import type { ClawperatorPlugin, PluginEntry, PluginFailure } from "../core/kernel/index.ts";
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

export interface ResolvedPlugins {
  /** The config's plugins that loaded, in order; each is isolated (a failure of its setup is recorded, not fatal). */
  entries: PluginEntry[];
  /** The ones whose module could not be loaded or is no plugin. */
  failures: PluginFailure[];
}

/** Whether the loader could not find the module itself (as opposed to something the module imports). */
function notFound(error: unknown, specifier: string, target: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") return false;
  const firstLine = String(message).split("\n")[0]!;
  return firstLine.includes(`'${specifier}'`) || firstLine.includes(target);
}

/** The error a configured plugin that did not load is reported with, and a fix that is true for its case. */
function loadFailure(specifier: string, target: string, config: ClawperatorConfig, error: unknown): ClawperatorError {
  const folder = dirname(config.filepath ?? target);
  const where = config.filepath ? ` in ${config.filepath}` : "";
  const cause = (error as Error).message.split("\n")[0];
  const details = { plugin: specifier, config: config.filepath };
  if (notFound(error, specifier, target)) {
    return new ClawperatorError("PLUGIN_INVALID", `[plugin:${specifier}] could not be loaded: ${cause}`, {
      hint: isPath(specifier)
        ? `There is no plugin at ${target} (paths are resolved relative to ${folder}); fix the path or remove it from plugins${where}.`
        : `${specifier} is not installed where the config is: install it in ${folder} (npm install <its tarball, folder or published name>), or remove it from plugins${where}.`,
      details: { ...details, reason: "not_found" },
      cause: error,
    });
  }
  return new ClawperatorError("PLUGIN_INVALID", `[plugin:${specifier}] failed while loading: ${cause}`, {
    hint: `The plugin was found but its code failed to load (a dependency it imports may be missing): fix or reinstall it, or remove it from plugins${where}.`,
    details: { ...details, reason: "load_failed" },
    cause: error,
  });
}

/**
 * Turns the config's `plugins` into kernel entries: package names are resolved from the config file's folder,
 * paths relative to it; each module must default-export a plugin made with definePlugin(). A plugin that does not
 * load is returned as a failure, so the CLI still starts without it.
 */
export async function resolvePlugins(config: ClawperatorConfig, cwd: string): Promise<ResolvedPlugins> {
  const base = config.filepath ?? resolve(cwd, "clawperator.config.ts");
  const resolved: ResolvedPlugins = { entries: [], failures: [] };
  for (const ref of config.plugins) {
    if (isPlugin(ref)) {
      resolved.entries.push({ plugin: ref, origin: config.filepath ?? "config", isolated: true });
      continue;
    }
    const [specifier, options] = typeof ref === "string" ? [ref, undefined] : ref;
    const target = isPath(specifier) ? resolve(dirname(base), specifier) : specifier;
    let loaded: unknown;
    try {
      loaded = await importModule(target, base);
    } catch (error) {
      resolved.failures.push({
        plugin: specifier,
        origin: specifier,
        error: loadFailure(specifier, target, config, error),
      });
      continue;
    }
    if (!isPlugin(loaded)) {
      const error = new ClawperatorError(
        "PLUGIN_INVALID",
        `[plugin:${specifier}] must default-export a plugin made with definePlugin()`,
        {
          hint: `Check that ${specifier} is a Clawperator plugin, or remove it from plugins${config.filepath ? ` in ${config.filepath}` : ""}.`,
          details: { plugin: specifier, config: config.filepath, reason: "not_a_plugin" },
        },
      );
      resolved.failures.push({ plugin: specifier, origin: specifier, error });
      continue;
    }
    resolved.entries.push({ plugin: loaded, options, origin: specifier, isolated: true });
  }
  return resolved;
}
