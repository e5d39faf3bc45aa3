import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ClawperatorPlugin } from "./define-plugin.ts";
import { orderPlugins } from "./order-plugins.ts";
import type { Kernel } from "./kernel.ts";

/**
 * A configured plugin that could not be loaded or set up. The CLI goes on without it: every command that does not
 * need it still runs, doctor reports it, and the failure is what its user is told.
 */
export interface PluginFailure {
  /** The plugin's name, or the config's specifier when its module never loaded. */
  plugin: string;
  /** Where it came from: the config's specifier or file path. */
  origin: string;
  error: ClawperatorError;
}

interface Orderable {
  plugin: Pick<ClawperatorPlugin, "name" | "dependsOn">;
  origin: string;
  /** Set for third-party plugins: a failure of theirs is recorded instead of failing the boot. */
  isolated?: boolean;
}

/** The plugin names an ordering error is about (a duplicate, a missing dependency, a cycle). */
function culprits(error: ClawperatorError): string[] {
  const { plugin, cycle } = (error.details ?? {}) as { plugin?: string; cycle?: string[] };
  return [...(plugin ? [plugin] : []), ...(cycle ?? [])];
}

/**
 * orderPlugins, except that an isolated plugin that cannot be ordered (its name taken, a dependency missing, a
 * cycle) is set aside as a failure and the rest ordered again. A problem among the built-in plugins still throws.
 */
export function orderTolerating<E extends Orderable>(entries: readonly E[], failures: PluginFailure[]): E[] {
  let remaining = [...entries];
  for (;;) {
    try {
      return orderPlugins(
        remaining.map((entry) => ({ ...entry, name: entry.plugin.name, dependsOn: entry.plugin.dependsOn })),
      );
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      const names = culprits(error);
      const dropped = remaining.filter((entry) => entry.isolated && names.includes(entry.plugin.name));
      if (dropped.length === 0) throw error;
      for (const entry of dropped) failures.push({ plugin: entry.plugin.name, origin: entry.origin, error });
      remaining = remaining.filter((entry) => !dropped.includes(entry));
    }
  }
}

/** A failed dependency fails its dependant too, naming it: its contributions may build on what is missing. */
export function failedDependency(
  plugin: Pick<ClawperatorPlugin, "name" | "dependsOn">,
  failures: readonly PluginFailure[],
): ClawperatorError | undefined {
  const failed = plugin.dependsOn?.find((name) => failures.some((f) => f.plugin === name));
  if (failed === undefined) return undefined;
  return new ClawperatorError(
    "PLUGIN_INVALID",
    `[plugin:${plugin.name}] depends on "${failed}", which failed to load`,
    {
      hint: `Fix "${failed}" first (see its own warning).`,
      details: { plugin: plugin.name, failedDependency: failed },
    },
  );
}

/** Takes back what a plugin registered before its setup failed, so nothing half set up stays reachable. */
export function withdrawContributions(kernel: Kernel, plugin: string): void {
  const { commands, groups, routes, checks, hooks, transports, skills } = kernel;
  for (const registry of [commands, groups, routes, checks, hooks, transports, skills]) registry.removeOwnedBy(plugin);
}
