import { randomHex } from "../../../core/host/random.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { EXPECTED_FORMAT } from "../../../core/contracts/limits.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import type { DoctorCheck, DoctorCheckResult } from "../../../core/kernel/index.ts";

/** readiness.smoke (`--full`): open Android Settings and take a `snapshot_ui`; passes when the snapshot succeeds. */
const check: DoctorCheck = {
  async run({ services, deviceId, receiverPackage }): Promise<Omit<DoctorCheckResult, "id">> {
    const execution: Execution = {
      commandId: `doctor-smoke-${Date.now()}-${randomHex(3)}`,
      taskId: "doctor-smoke",
      source: "clawperator-doctor",
      expectedFormat: EXPECTED_FORMAT,
      timeoutMs: 15_000,
      actions: [
        { id: "open-settings", type: "open_app", params: { applicationId: "com.android.settings" } },
        { id: "snapshot", type: "snapshot_ui" },
      ],
    };
    const fail = (detail: string) => ({
      status: "fail" as const,
      code: "SMOKE_OPEN_SETTINGS_FAILED",
      summary: "Smoke test failed: opening Settings and taking a snapshot did not succeed.",
      detail,
      fix: {
        title: "Check the runtime by hand",
        platform: "any" as const,
        steps: [
          {
            kind: "shell" as const,
            value: `clawperator observe snapshot --device-id ${deviceId} --receiver-package ${receiverPackage}`,
          },
        ],
      },
      evidence: { commandId: execution.commandId },
    });
    try {
      const result = await services.resolve(ExecutionRunner).run({ execution, deviceId: deviceId!, receiverPackage });
      const steps = result.envelope.stepResults;
      const snapshot = steps.find((s) => s.id === "snapshot");
      if (result.envelope.status === "success" && snapshot?.success) {
        return {
          status: "pass",
          summary: "Smoke test passed: Settings opened and a snapshot was taken.",
          evidence: { commandId: execution.commandId, durationMs: result.timings.totalMs },
        };
      }
      const failed = steps.find((s) => !s.success);
      return fail(
        failed
          ? `step ${failed.id}: ${String(failed.data?.error ?? "failed")}`
          : (result.envelope.error ?? "the execution failed"),
      );
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      return fail(`${error.code}: ${error.message}`);
    }
  },
};

export default check;
