import { ClawperatorError } from "../contracts/clawperator-error.ts";

export interface Attribution {
  plugin: string;
  /** The contribution kind and id, e.g. `{ command: "emulator start" }` or `{ check: "host.adb.presence" }`. */
  contribution: Readonly<Record<string, string>>;
}

/**
 * The error a plugin's contribution failed with, carrying `details.plugin` and the contribution's id to the
 * user (as Rollup attributes plugin errors). A ClawperatorError keeps its code; anything else is a bug in the
 * plugin and becomes INTERNAL_ERROR naming it. An error already attributed (a nested contribution) is kept.
 */
export function attributeError(error: unknown, by: Attribution): ClawperatorError {
  if (error instanceof ClawperatorError) {
    if (error.details?.plugin !== undefined) return error;
    const attributed = new ClawperatorError(error.code, error.message, {
      ...(error.hint === undefined ? {} : { hint: error.hint }),
      details: { ...error.details, plugin: by.plugin, ...by.contribution },
      ...(error.diagnostics === undefined ? {} : { diagnostics: error.diagnostics }),
      cause: error.cause ?? error,
    });
    if (error.stack) attributed.stack = error.stack;
    return attributed;
  }
  const message = error instanceof Error ? error.message : String(error);
  const [kind, id] = Object.entries(by.contribution)[0] ?? ["contribution", "?"];
  return new ClawperatorError("INTERNAL_ERROR", `[plugin:${by.plugin}] ${kind} ${id} failed: ${message}`, {
    hint: `This is a bug in the plugin "${by.plugin}"; run again with --verbose and report the output to its authors.`,
    details: { plugin: by.plugin, ...by.contribution },
    cause: error,
  });
}

/** Runs `fn`, attributing what it throws or rejects with. */
export async function attributed<T>(by: Attribution, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw attributeError(error, by);
  }
}
