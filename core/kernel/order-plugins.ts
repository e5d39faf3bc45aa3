import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ClawperatorPlugin } from "./define-plugin.ts";

/**
 * Orders plugins so each comes after what it depends on, keeping the listed order otherwise (a stable
 * topological sort). Refuses duplicate names, missing dependencies and cycles with the plugins named.
 */
export function orderPlugins<P extends Pick<ClawperatorPlugin, "name" | "dependsOn">>(plugins: readonly P[]): P[] {
  const byName = new Map<string, P>();
  for (const plugin of plugins) {
    if (byName.has(plugin.name)) {
      throw new ClawperatorError("PLUGIN_INVALID", `[plugin:${plugin.name}] two plugins are named "${plugin.name}"`, {
        details: { plugin: plugin.name },
      });
    }
    byName.set(plugin.name, plugin);
  }
  for (const plugin of plugins) {
    for (const dependency of plugin.dependsOn ?? []) {
      if (!byName.has(dependency)) {
        throw new ClawperatorError(
          "PLUGIN_INVALID",
          `[plugin:${plugin.name}] depends on "${dependency}", which is not loaded`,
          {
            hint: `Add "${dependency}" to the config's plugins, or stop disabling it.`,
            details: { plugin: plugin.name, missing: dependency },
          },
        );
      }
    }
  }

  const ordered: P[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (plugin: P, chain: string[]) => {
    const seen = state.get(plugin.name);
    if (seen === "done") return;
    if (seen === "visiting") {
      const cycle = [...chain.slice(chain.indexOf(plugin.name)), plugin.name];
      throw new ClawperatorError("PLUGIN_INVALID", `[plugin:${plugin.name}] dependency cycle: ${cycle.join(" -> ")}`, {
        details: { cycle },
      });
    }
    state.set(plugin.name, "visiting");
    for (const dependency of plugin.dependsOn ?? []) visit(byName.get(dependency)!, [...chain, plugin.name]);
    state.set(plugin.name, "done");
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}
