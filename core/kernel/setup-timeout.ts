import { ClawperatorError } from "../contracts/clawperator-error.ts";

/**
 * Runs a plugin's setup; one that does not settle within `timeoutMs` fails boot naming the plugin instead of hanging
 * it.
 */
export async function setupWithin(timeoutMs: number, plugin: string, setup: () => void | Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ClawperatorError("PLUGIN_INVALID", `[plugin:${plugin}] setup did not settle within ${timeoutMs} ms`, {
          hint:
            "A plugin's setup only registers contributions; slow work belongs in the contributions, which " +
            "load lazily. " +
            "Raise pluginSetupTimeoutMs in the config if this plugin needs longer.",
          details: { plugin, timeoutMs },
        }),
      );
    }, timeoutMs);
  });
  try {
    await Promise.race([setup(), expired]);
  } finally {
    clearTimeout(timer);
  }
}
