import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { formatPath } from "../contracts/issue-message.ts";
import type { ClawperatorPlugin } from "./define-plugin.ts";

/**
 * The plugin's options as its schema parses them; a bad value is CONFIG_INVALID naming the plugin and each option
 * path. A plugin without a schema receives its options as they were written.
 */
export function parsePluginOptions(plugin: ClawperatorPlugin<unknown>, options: unknown, origin: string): unknown {
  if (!plugin.options) return options;
  const parsed = plugin.options.safeParse(options);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  const list = problems.map((p) => `${p.path ? `option "${p.path}"` : "options"}: ${p.message}`).join("; ");
  throw new ClawperatorError("CONFIG_INVALID", `[plugin:${plugin.name}] invalid options: ${list}`, {
    hint: `Fix the options given with "${plugin.name}" in the config's plugins list.`,
    details: { plugin: plugin.name, origin, issues: problems },
  });
}
