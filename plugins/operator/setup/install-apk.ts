import type { ShellResult } from "../../../core/services/transport.ts";

/** Why `adb install` failed (its `Failure [...]` line, or its last words), or undefined when it succeeded. */
export function installFailure(result: ShellResult): string | undefined {
  const output = `${result.stdout}\n${result.stderr}`.trim();
  const failure = /Failure \[[^\]]*\]/.exec(output)?.[0];
  if (result.exitCode === 0 && !failure && /^Success$/m.test(output)) return undefined;
  return failure ?? (output.split("\n").slice(-2).join(" ") || `adb install exited with ${result.exitCode}`);
}
