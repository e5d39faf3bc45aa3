import type { DoctorCheckResult } from "../../core/kernel/index.ts";

/**
 * `nextActions` (docs/doctor.md#report): the deduplicated remediation steps of non-passing checks, without the shell
 * steps `--fix` already ran; when every check passed, a suggested next command. Undefined when there is nothing.
 */
export function nextActions(
  results: readonly DoctorCheckResult[],
  options: { fixed: boolean; deviceId?: string; receiverPackage: string },
): string[] | undefined {
  const failing = results.filter((r) => r.status !== "pass");
  // Keyed by the command a step names, so two checks asking for the same command in other words give one action.
  const actions = new Map<string, string>();
  const add = (value: string) => {
    const key = /(?:^|: )(clawperator .*)$/.exec(value)?.[1] ?? value;
    if (!actions.has(key)) actions.set(key, value);
  };
  for (const result of failing) {
    for (const step of result.fix?.steps ?? []) if (!(options.fixed && step.kind === "shell")) add(step.value);
  }
  if (failing.length === 0 && options.deviceId)
    add(`Try: clawperator observe snapshot --device-id ${options.deviceId}`);
  return actions.size ? [...actions.values()] : undefined;
}
