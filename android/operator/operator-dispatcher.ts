import { randomHex } from "../../core/host/random.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { DispatchOutcome, DispatchRequest, OperatorDispatcher } from "../../core/execution/dispatcher.ts";
import { elapsedMs, monotonicMs } from "../../core/host/monotonic-ms.ts";
import type { Transport } from "../../core/services/transport.ts";
import { dispatchMarker, dispatchScript, parseDispatchOutput } from "./dispatch-script.ts";
import { ResultCollector } from "./result-collector.ts";
import { SharedResultStreams } from "./shared-result-streams.ts";
import { awaitEnvelope } from "./await-envelope.ts";
import { operatorSetupCommand } from "./protocol-line.ts";
import { deviceLogFailure } from "./failure-code.ts";

export interface OperatorDispatcherOptions {
  transport: Transport;
  /** Broadcast action of the APK (config `operatorAction`). */
  action?: string;
  /** Keep one logcat stream per device open across executions (serve, the programmatic API). */
  sharedStreams?: boolean;
  /** How long past the execution's timeoutMs to wait for its envelope (the reference runtime uses 5 s). */
  graceMs?: number;
}

const failure = (
  code: "RECEIVER_NOT_INSTALLED" | "BROADCAST_FAILED",
  message: string,
  request: DispatchRequest,
  status: string,
) =>
  new ClawperatorError(code, message, {
    ...(code === "RECEIVER_NOT_INSTALLED"
      ? {
          hint: `Install the Operator APK: ${operatorSetupCommand({
            deviceId: request.deviceId,
            receiverPackage: request.receiverPackage,
          })}`,
        }
      : {}),
    diagnostics: {
      deviceId: request.deviceId,
      receiverPackage: request.receiverPackage,
      broadcastDispatchStatus: status,
    },
  });

/** The operator protocol over any Transport: one shell round trip to dispatch, then the envelope from logcat. */
export function createOperatorDispatcher(options: OperatorDispatcherOptions): OperatorDispatcher {
  const shared = options.sharedStreams ? new SharedResultStreams(options.transport) : undefined;
  const graceMs = options.graceMs ?? 5_000;

  return {
    async dispatch(request: DispatchRequest): Promise<DispatchOutcome> {
      const { execution } = request;
      const nonce = randomHex(8);
      const collector = new ResultCollector({
        commandId: execution.commandId,
        taskId: execution.taskId,
        timeoutMs: execution.timeoutMs,
        dispatchMarker: dispatchMarker(nonce),
        plan: execution.actions.map((a) => ({ id: a.id, type: a.type })),
      });
      const attached = shared?.attach(request.deviceId, collector, request.receiverPackage);
      try {
        const started = monotonicMs();
        const script = dispatchScript({ ...request, nonce, ...(options.action ? { action: options.action } : {}) });
        const dispatching = options.transport.shell(request.deviceId, script);
        // The result stream's connection opens while the device runs the dispatch.
        if (!attached) options.transport.prepare?.(request.deviceId);
        const result = await dispatching;
        const report = parseDispatchOutput(result.stdout, nonce, request.preDispatch);
        if (!report.markerLogged) collector.withoutMarker();
        const dispatchMs = elapsedMs(started);

        if (!report.receiverInstalled || /Target package not found|does not exist/.test(result.stderr)) {
          throw failure(
            "RECEIVER_NOT_INSTALLED",
            `the Operator APK ${request.receiverPackage} is not installed on ${request.deviceId}`,
            request,
            "not_sent",
          );
        }
        if (result.exitCode !== 0 || !report.broadcastCompleted) {
          const reason =
            (result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ") || `exit code ${result.exitCode}`;
          throw failure(
            "BROADCAST_FAILED",
            `am broadcast to ${request.receiverPackage} failed: ${reason}`,
            request,
            `failed: ${reason}`,
          );
        }

        const awaitStarted = monotonicMs();
        const deadlineMs = request.execution.timeoutMs + graceMs;
        if (attached) await attached.dispatched(report.deviceTime).then(() => collector.wait(deadlineMs));
        else
          await awaitEnvelope({
            transport: options.transport,
            deviceId: request.deviceId,
            receiverPackage: request.receiverPackage,
            deviceTime: report.deviceTime,
            collector,
            deadlineMs,
          });
        collector.flush();

        const state = await collector.checked();
        if (state.kind === "lost") throw state.error;
        if (state.kind === "pending") {
          throw new ClawperatorError(
            "RESULT_ENVELOPE_TIMEOUT",
            `no [Clawperator-Result] for ${request.execution.commandId} within ${deadlineMs} ms`,
            {
              hint: "Check the device screen and `clawperator doctor`; the accessibility service may have stopped.",
              diagnostics: {
                deviceId: request.deviceId,
                receiverPackage: request.receiverPackage,
                broadcastDispatchStatus: "sent",
                lastCorrelatedEvents: collector.evidence,
              },
            },
          );
        }
        if (state.kind === "malformed") {
          throw new ClawperatorError(
            "RESULT_ENVELOPE_MALFORMED",
            `the result envelope for ${request.execution.commandId} could not be parsed: ${state.reason}`,
            {
              details: {
                deviceId: request.deviceId,
                receiverPackage: request.receiverPackage,
                line: state.line.slice(0, 2_000),
              },
            },
          );
        }
        const { envelope } = state;
        const stepsFromDeviceLog =
          envelope.status === "failed" &&
          envelope.stepResults.length === 0 &&
          envelope.errorCode !== "SERVICE_UNAVAILABLE"
            ? collector.stepReport(envelope.error)
            : undefined;
        return {
          envelope,
          snapshots: collector.snapshots,
          preDispatch: report.preDispatch,
          ...(stepsFromDeviceLog
            ? { stepsFromDeviceLog, deviceFailure: deviceLogFailure(stepsFromDeviceLog, envelope.error) }
            : {}),
          timings: { dispatchMs, awaitMs: elapsedMs(awaitStarted) },
        };
      } finally {
        attached?.detach();
      }
    },
    async dispose() {
      await shared?.close();
    },
  };
}
