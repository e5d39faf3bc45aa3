import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { Execution } from "../contracts/execution.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";

/** Packages an action names (open_app/close_app targets), for the package allow/deny lists. */
function packagesOf(execution: Execution): string[] {
  return execution.actions.flatMap((a) =>
    (a.type === "open_app" || a.type === "close_app") && a.params ? [a.params.applicationId] : [],
  );
}

/** The config's policy gate (docs/execution.md#policy): refuses before anything reaches a device. */
export function checkPolicy(execution: Execution, policy: RuntimeConfig["policy"]): void {
  if (!policy) return;
  if (policy.maxTimeoutMs !== undefined && execution.timeoutMs > policy.maxTimeoutMs) {
    throw new ClawperatorError(
      "EXECUTION_VALIDATION_FAILED",
      `timeoutMs ${execution.timeoutMs} is over the configured policy's maxTimeoutMs ${policy.maxTimeoutMs}`,
      {
        details: { path: "timeoutMs" },
      },
    );
  }
  execution.actions.forEach((action, index) => {
    const denied =
      policy.denyActions?.includes(action.type) || (policy.allowActions && !policy.allowActions.includes(action.type));
    if (denied) {
      throw new ClawperatorError(
        "EXECUTION_ACTION_UNSUPPORTED",
        `actions.${index}.type "${action.type}" is not allowed by the configured policy`,
        {
          details: { path: `actions.${index}.type`, type: action.type },
        },
      );
    }
  });
  for (const pkg of packagesOf(execution)) {
    if (policy.denyPackages?.includes(pkg) || (policy.allowPackages && !policy.allowPackages.includes(pkg))) {
      throw new ClawperatorError(
        "EXECUTION_VALIDATION_FAILED",
        `package ${pkg} is not allowed by the configured policy`,
        { details: { path: "actions", package: pkg } },
      );
    }
  }
}
