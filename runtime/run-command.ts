import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import type { GlobalOptions } from "../core/kernel/contributions.ts";
import { CommandRegistry, type Kernel } from "../core/kernel/index.ts";

export interface CommandOutcome {
  result: unknown;
  /** What the CLI would exit with for this result (a doctor report with a failed check is not 0). */
  exitCode: number;
  /** The command's human rendering of the result (what `--output pretty` prints), when it has one. */
  text?: string;
}

export interface CommandOptions {
  /** Hears the command's progress lines (what pretty mode shows people on stderr), whatever the output mode. */
  onProgress?: (message: string) => void;
}

/**
 * Runs a contributed command in process, as the CLI would after parsing its flags: how a front end reaches what
 * a plugin offers as a command (doctor, skills) without importing that plugin.
 */
export async function runCommand(
  kernel: Kernel,
  path: readonly string[],
  args: Record<string, unknown>,
  globals: Partial<GlobalOptions> = {},
  options: CommandOptions = {},
): Promise<CommandOutcome> {
  const name = path.join(" ");
  const entry = kernel.services
    .resolve(CommandRegistry)
    .entries()
    .find((e) => e.value.path.join(" ") === name);
  if (!entry) {
    throw new ClawperatorError("USAGE", `the "${name}" command is not available: no loaded plugin contributes it`, {
      hint: "Check `disablePlugins` in the Clawperator config.",
      details: { command: name },
    });
  }
  const handler = (await entry.value.load()).default;
  const { logger } = kernel;
  const { onProgress } = options;
  const result = await handler.run(
    { _: [], ...args },
    {
      globals: { output: "json", verbose: false, ...globals },
      services: kernel.services,
      config: kernel.config,
      logger: onProgress
        ? {
            ...logger,
            progress: (message) => {
              logger.progress(message);
              onProgress(message);
            },
          }
        : logger,
    },
  );
  const text = handler.pretty?.(result);
  return { result, exitCode: handler.exitCode?.(result) ?? 0, ...(text === undefined ? {} : { text }) };
}
