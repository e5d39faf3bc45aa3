import { createOperatorDispatcher } from "../../android/operator/operator-dispatcher.ts";
import { DeviceLocks } from "../../core/execution/device-lock.ts";
import { OperatorDispatcher } from "../../core/execution/dispatcher.ts";
import { ExecutionHooks } from "../../core/execution/hooks.ts";
import { createExecutionPipeline } from "../../core/execution/run-execution.ts";
import { ExecutionRunner } from "../../core/execution/runner.ts";
import type { PluginContext } from "../../core/kernel/index.ts";
import { DeviceLeases } from "../../core/services/device-leases.ts";
import { EventBus } from "../../core/services/event-bus.ts";
import { HostInfo } from "../../core/services/host-info.ts";
import { Transport } from "../../core/services/transport.ts";

/** Registers the operator dispatcher and the execution pipeline; both are built on first use only. */
export function registerExecutionServices(ctx: PluginContext<unknown>): void {
  ctx.services.register(OperatorDispatcher, {
    useFactory: (services) =>
      createOperatorDispatcher({
        transport: services.resolve(Transport),
        ...(ctx.config.operatorAction ? { action: ctx.config.operatorAction } : {}),
        sharedStreams: services.resolve(HostInfo).longLived,
      }),
  });
  ctx.services.register(ExecutionRunner, {
    useFactory: (services) =>
      createExecutionPipeline({
        transport: () => services.resolve(Transport),
        dispatcher: () => services.resolve(OperatorDispatcher),
        hooks: () => services.resolve(ExecutionHooks)(),
        locks: new DeviceLocks(),
        leases: () => services.resolve(DeviceLeases),
        events: services.resolve(EventBus),
        config: ctx.config,
        warn: (message) => ctx.logger.warn(message),
      }),
  });
}
