import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import type { DoctorCheckResult, Kernel, PluginFailure, RegisteredCheck } from "../core/kernel/index.ts";

/** The doctor check that reports a configured plugin that failed: `plugins.<name>`, a host check, not critical. */
function failureCheck(failure: PluginFailure): RegisteredCheck {
  const { error } = failure;
  const result: Omit<DoctorCheckResult, "id"> = {
    status: "fail",
    code: error.code,
    summary: `Plugin ${failure.plugin} did not load, so what it contributes is unavailable: ${error.message.replace(/^\[plugin:[^\]]*\] /, "")}`,
    ...(error.hint
      ? {
          fix: {
            title: `Fix or remove plugin ${failure.plugin}`,
            platform: "any",
            steps: [{ kind: "manual", value: error.hint }],
          },
        }
      : {}),
    evidence: { plugin: failure.plugin, origin: failure.origin, ...error.details },
  };
  return {
    id: `plugins.${failure.plugin}`,
    phase: "host",
    // The device can still be ready without it; the failure shows in the report without failing it.
    critical: false,
    description: `Configured plugin ${failure.plugin} loads`,
    load: async () => ({ default: { run: async () => result } }),
  };
}

/**
 * Tells the user, once per boot, about each configured plugin that failed (a warning on stderr naming it and its
 * cause), and gives doctor a failing `plugins.<name>` check for it.
 */
export function reportPluginFailures(kernel: Kernel): void {
  for (const failure of kernel.failures) {
    const { error } = failure;
    kernel.logger.warn(`${error.message} — the CLI goes on without it.${error.hint ? ` ${error.hint}` : ""}`);
    const check = failureCheck(failure);
    if (!kernel.checks.has(check.id)) kernel.checks.add(check.id, failure.plugin, check);
  }
}

/**
 * Runs the command lookup; an unknown command while configured plugins failed is most likely one of theirs, so the
 * user gets the plugin's error (its code, message and fix) instead of a bare "unknown command". A near miss of a
 * known command, or several failed plugins, stays USAGE, naming the failed plugins in its hint.
 */
export function explainingPluginFailures<T>(kernel: Kernel, lookup: () => T): T {
  try {
    return lookup();
  } catch (error) {
    throw explained(kernel, error);
  }
}

function explained(kernel: Kernel, error: unknown): unknown {
  const failures = kernel.failures;
  if (!(error instanceof ClawperatorError) || error.code !== "USAGE" || failures.length === 0) return error;
  const command = error.details?.command;
  if (typeof command !== "string") return error;
  const names = failures.map((f) => f.plugin).join(", ");
  if (error.details?.suggestion !== undefined || failures.length > 1) {
    return new ClawperatorError(error.code, error.message, {
      hint: `${error.hint ?? ""} Plugins that failed to load, whose commands are missing: ${names}.`.trim(),
      details: { ...error.details, failedPlugins: failures.map((f) => f.plugin) },
    });
  }
  const [failure] = failures as [PluginFailure];
  const cause = failure.error.message.replace(/^\[plugin:[^\]]*\] /, "");
  return new ClawperatorError(
    failure.error.code,
    `plugin ${failure.plugin} failed to load: ${cause}; its commands are unavailable (asked for "${command}")`,
    {
      ...(failure.error.hint === undefined ? {} : { hint: failure.error.hint }),
      details: { ...failure.error.details, plugin: failure.plugin, command },
      cause: failure.error,
    },
  );
}
