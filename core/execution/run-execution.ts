import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { DEFAULT_OPERATOR_PACKAGE, LIMITS } from "../contracts/limits.ts";
import { elapsedMs, monotonicMs } from "../host/monotonic-ms.ts";
import type { EventBus } from "../services/event-bus.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import { type DeviceLeases, isPoolSerial } from "../services/device-leases.ts";
import type { Lease, Transport } from "../services/transport.ts";
import type { DeviceLocks } from "./device-lock.ts";
import type { DispatchOutcome, OperatorDispatcher } from "./dispatcher.ts";
import { executionFailure } from "./execution-failure.ts";
import type { AfterResultContext, ExecutionHook } from "./hooks.ts";
import { checkPolicy } from "./policy.ts";
import { reconcileEnvelope } from "./reconcile-envelope.ts";
import { selectDevice } from "./resolve-device.ts";
import type { ExecutionRunner, RunExecutionRequest, RunExecutionResult } from "./runner.ts";
import { randomUuid } from "../host/random.ts";

export interface PipelineDeps {
  transport: () => Transport;
  dispatcher: () => OperatorDispatcher;
  hooks: () => Promise<ExecutionHook[]>;
  locks: DeviceLocks;
  /** Leases of lent devices (a farm's); absent, every device is taken as attached. */
  leases?: () => DeviceLeases;
  events: EventBus;
  config: RuntimeConfig;
  warn: (message: string) => void;
}

/**
 * One execution, start to finish (docs/design.md#execution-pipeline): policy → resolve the device → take its lock → lease it
 * (a farm's device; a pool serial such as `stf:any` is leased first, so the lock is the chosen device's) →
 * beforeDispatch hooks → dispatch and await the envelope → afterResult hooks → reconcile the envelope's status
 * with its steps and name the failure's code → events → release.
 * The execution arrives validated (commands validate user input with the contracts).
 */
export function createExecutionPipeline(deps: PipelineDeps): ExecutionRunner {
  const run = async (request: RunExecutionRequest): Promise<RunExecutionResult> => {
    const started = monotonicMs();
    const { execution } = request;
    const executionId = randomUuid();
    const receiverPackage = request.receiverPackage ?? deps.config.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE;
    const timings: Record<string, number> = {};

    checkPolicy(execution, deps.config.policy);
    const wanted = request.deviceId ?? deps.config.deviceId;
    // A named device is checked by the dispatch itself (adb names its state), saving a listing round trip.
    let deviceId = wanted ?? selectDevice(await deps.transport().listDevices(), undefined);
    const leases = deps.leases?.();
    // Any free device of a farm: the farm's reservation keeps other hosts off it, the lock then keeps this one's.
    let lease: Lease | undefined = isPoolSerial(deviceId) ? await leases?.hold(deviceId) : undefined;
    if (lease) deviceId = lease.serial;
    timings.resolveMs = elapsedMs(started);
    // The dispatch's connection opens while the lock is taken and the hooks load.
    if (!lease) deps.transport().prepare?.(deviceId);

    let lock: ReturnType<DeviceLocks["acquire"]>;
    try {
      lock = deps.locks.acquire(deviceId, { executionId, commandId: execution.commandId });
    } catch (error) {
      if (lease) await leases?.done(deviceId);
      throw error;
    }
    let settleMs: number | undefined;
    try {
      if (!lease && leases) {
        const leaseStarted = monotonicMs();
        lease = await leases.hold(deviceId);
        if (lease) timings.leaseMs = elapsedMs(leaseStarted);
      }
      const preDispatch: string[] = [];
      const hooks = await deps.hooks();
      const transport = deps.transport();
      for (const hook of hooks)
        await hook.beforeDispatch?.({ execution, deviceId, receiverPackage, transport, preDispatch });

      let outcome: DispatchOutcome;
      try {
        outcome = await deps.dispatcher().dispatch({ execution, deviceId, receiverPackage, preDispatch });
      } catch (error) {
        if (error instanceof ClawperatorError && error.code === "RESULT_ENVELOPE_TIMEOUT")
          settleMs = LIMITS.TIMEOUT_SETTLE_MS;
        throw error;
      }
      timings.dispatchMs = outcome.timings.dispatchMs;
      timings.awaitMs = outcome.timings.awaitMs;

      // Hooks change the envelope's steps in place; the device's own words are kept for callers who ask.
      const deviceEnvelope = request.deviceEnvelope ? structuredClone(outcome.envelope) : undefined;
      const after: AfterResultContext = {
        execution,
        deviceId,
        receiverPackage,
        transport,
        executionId,
        envelope: outcome.envelope,
        preDispatch: outcome.preDispatch,
        snapshots: outcome.snapshots,
        warnings: [],
        pathOrigin: request.pathOrigin ?? "payload",
        force: request.force === true,
      };
      const hooksStarted = monotonicMs();
      for (const hook of hooks) await hook.afterResult?.(after);
      const envelope = reconcileEnvelope(after.envelope);
      timings.afterResultMs = elapsedMs(hooksStarted);
      for (const warning of after.warnings) deps.warn(warning);
      timings.totalMs = elapsedMs(started);

      const error = executionFailure(envelope, outcome.deviceFailure, deviceId);
      const result: RunExecutionResult = {
        ok: envelope.status === "success",
        envelope,
        ...(error ? { error } : {}),
        deviceId,
        terminalSource: "clawperator_result",
        executionId,
        mode: execution.mode ?? "direct",
        timings,
        ...(outcome.stepsFromDeviceLog ? { stepsFromDeviceLog: outcome.stepsFromDeviceLog } : {}),
        ...(deviceEnvelope ? { deviceEnvelope } : {}),
        ...(lease ? { lease: { serial: lease.serial, retries: lease.retries, waitedMs: lease.waitedMs } } : {}),
      };
      deps.events.emit("clawperator:result", { deviceId, envelope: result.envelope });
      return result;
    } finally {
      if (lease) await leases?.done(deviceId).catch(() => undefined);
      lock.release(settleMs === undefined ? {} : { settleMs });
    }
  };

  return {
    async run(request) {
      try {
        const result = await run(request);
        deps.events.emit("clawperator:execution", { deviceId: result.deviceId, input: request.execution, result });
        return result;
      } catch (error) {
        const failure =
          error instanceof ClawperatorError
            ? error.toJSON()
            : { code: "INTERNAL_ERROR" as const, message: String(error) };
        deps.events.emit("clawperator:execution", {
          ...(request.deviceId ? { deviceId: request.deviceId } : {}),
          input: request.execution,
          result: { ok: false, error: failure },
        });
        throw error;
      }
    },
  };
}
