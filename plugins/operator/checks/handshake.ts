import { handshakeExecution } from "../../../android/operator/handshake.ts";
import { operatorSetupCommand } from "../../../android/operator/protocol-line.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import type { DoctorCheck, DoctorCheckResult } from "../../../core/kernel/index.ts";

type Result = Omit<DoctorCheckResult, "id">;

const grant = (serial: string, pkg: string) =>
  `clawperator grant-device-permissions --device-id ${serial} --receiver-package ${pkg}`;

const accessibilityGuidance = {
  screen: "Settings > Accessibility",
  steps: [
    "Open Settings > Accessibility (or Apps > Special app access > Accessibility).",
    "Turn on the Clawperator Operator service.",
    "Confirm the system dialog.",
  ],
};

/**
 * readiness.handshake: a real `doctor_ping` execution through the same pipeline as every execution
 * (docs/protocol.md#handshake): device lock, logcat stream, broadcast, envelope correlated by commandId.
 */
const check: DoctorCheck = {
  async run({ services, deviceId, receiverPackage }): Promise<Result> {
    const serial = deviceId!;
    const execution = handshakeExecution(Date.now());
    const base = { commandId: execution.commandId, deviceId: serial, receiverPackage };
    try {
      const result = await services.resolve(ExecutionRunner).run({ execution, deviceId: serial, receiverPackage });
      const { envelope } = result;
      if (envelope.status === "success") {
        const data = envelope.stepResults[0]?.data ?? {};
        return {
          status: "pass",
          summary: "Handshake successful.",
          evidence: { ...base, ...data, durationMs: result.timings.totalMs },
        };
      }
      return {
        status: "fail",
        code: "DEVICE_ACCESSIBILITY_NOT_RUNNING",
        summary: `The Operator answered the handshake with an error: its accessibility service is not running.`,
        detail: `${envelope.errorCode ? `${envelope.errorCode}: ` : ""}${envelope.error ?? "status failed"}`,
        fix: {
          title: "Re-enable the Operator's accessibility service",
          platform: "any",
          steps: [{ kind: "shell", value: grant(serial, receiverPackage) }],
        },
        deviceGuidance: accessibilityGuidance,
        evidence: {
          ...base,
          envelopeStatus: envelope.status,
          ...(envelope.errorCode ? { errorCode: envelope.errorCode } : {}),
        },
      };
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      const timeout = error.code === "RESULT_ENVELOPE_TIMEOUT";
      return {
        status: "fail",
        code: error.code,
        summary: timeout
          ? "The Operator did not answer the handshake in time."
          : `The handshake could not be sent: ${error.message}`,
        detail: error.message,
        fix: {
          title: timeout
            ? "Restore the Operator's permissions, then check the runtime"
            : "Install or reach the Operator",
          platform: "any",
          steps: timeout
            ? [
                { kind: "shell", value: grant(serial, receiverPackage) },
                {
                  kind: "shell",
                  value:
                    `clawperator observe snapshot --timeout-ms 5000 --device-id ${serial} --receiver-package ` +
                    `${receiverPackage}`,
                },
              ]
            : [
                {
                  kind: "manual",
                  value:
                    error.hint ??
                    `Install the Operator: ${operatorSetupCommand({ deviceId: serial, receiverPackage })}`,
                },
              ],
        },
        ...(timeout ? { deviceGuidance: accessibilityGuidance } : {}),
        evidence: { ...base, broadcastDispatchStatus: error.diagnostics?.broadcastDispatchStatus ?? "unknown" },
      };
    }
  },
};

export default check;
