import type { Device } from "../core/contracts/device.ts";
import { EXPECTED_FORMAT } from "../core/contracts/limits.ts";
import { checkExecution } from "../core/contracts/check-execution.ts";
import type { Execution } from "../core/contracts/execution.ts";
import { ExecutionRunner, type RunExecutionResult } from "../core/execution/runner.ts";
import type { Kernel } from "../core/kernel/index.ts";
import { namesRefs } from "../core/contracts/refs.ts";
import { AgentViews, type ViewedResult } from "../core/services/agent-views.ts";
import { Transport } from "../core/services/transport.ts";
import { DeviceControl } from "../core/services/device-control.ts";
import type { ViewMode } from "../core/contracts/agent-view.ts";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { bootRuntime } from "./boot.ts";
import type { ConfigOverrides } from "./config-overrides.ts";
import { runCommand, type CommandOptions, type CommandOutcome } from "./run-command.ts";
import type { GlobalOptions } from "../core/kernel/contributions.ts";

export interface ExecuteOptions {
  deviceId?: string;
  receiverPackage?: string;
  /** Also return the envelope exactly as the device sent it (`result.deviceEnvelope`). */
  deviceEnvelope?: boolean;
  /**
   * Append a snapshot to the execution and return the agent view of the screen after it, once it settled
   * (`result.view`): `incremental` (what changed since this session's earlier views; `true` means this), `full`,
   * or `none` (the default).
   */
  view?: boolean | ViewMode;
  /** Whose views refs come from and incremental views are told against (default: this runtime's own). */
  session?: string;
}

/** The programmatic API embedders and the front ends (OpenClaw, MCP) use: one kernel, one result stream per device. */
export interface Clawperator {
  readonly kernel: Kernel;
  devices(): Promise<Device[]>;
  /**
   * Validates (aliases, limits) and runs an execution; throws ClawperatorError on any failure before an envelope.
   * Actions may name a `ref` of the device's latest view instead of a matcher (resolved before dispatch).
   */
  execute(execution: unknown, options?: ExecuteOptions): Promise<ViewedResult>;
  snapshot(options?: ExecuteOptions & { timeoutMs?: number }): Promise<RunExecutionResult>;
  /** The agent view of the screen (`result.view`: outline and refs), kept as the session's latest for refs. */
  view(
    options?: Omit<ExecuteOptions, "view" | "deviceEnvelope"> & {
      timeoutMs?: number;
      /** `incremental`: the change since the session's earlier views (after a key or a swipe). Default full. */
      mode?: "full" | "incremental";
      /** Wait for the screen to settle first, as act-and-see does. */
      settle?: boolean;
    },
  ): Promise<ViewedResult>;
  /** The device tools: keys, gestures, rotation, apps, logs, facts, a screenshot's bytes (host-side, over adb). */
  readonly device: DeviceControl;
  /**
   * Runs a command a plugin contributes (`["doctor"]`, `["skills", "search"]`) with its parsed flags; `onProgress`
   * hears the progress lines it would show people in pretty mode (doctor's checks, installs).
   */
  command(
    path: readonly string[],
    args?: Record<string, unknown>,
    globals?: Partial<GlobalOptions>,
    options?: CommandOptions,
  ): Promise<CommandOutcome>;
  /**
   * Ends this runtime: closes its device streams and whatever else its services hold; it refuses use afterwards
   * (USAGE). Call it when done; other runtimes in the process are untouched.
   */
  close(): Promise<void>;
}

let sequence = 0;

export interface CreateClawperatorOptions {
  cwd?: string;
  configPath?: string;
  verbose?: boolean;
  /** Settings laid over the config file's (validated like it). */
  config?: ConfigOverrides;
}

export async function createClawperator(options: CreateClawperatorOptions = {}): Promise<Clawperator> {
  const { config: overrides, ...boot } = options;
  return clawperatorOf(await bootRuntime({ ...boot, ...(overrides ? { overrides } : {}), host: { longLived: true } }));
}

/** The programmatic API over a kernel already booted (the one a command runs in). */
export function clawperatorOf(kernel: Kernel): Clawperator {
  const runner = () => kernel.services.resolve(ExecutionRunner);
  const run = (execution: Execution, opts: ExecuteOptions) => runner().run({ execution, ...opts });
  return {
    kernel,
    devices: () => kernel.services.resolve(Transport).listDevices(),
    // async, so a validation error rejects the promise like every other failure instead of throwing.
    execute: async (execution, { view, session, ...opts } = {}) =>
      (view !== undefined && view !== false && view !== "none") || namesRefs(execution)
        ? kernel.services.resolve(AgentViews).run(execution, {
            ...opts,
            ...(view === undefined ? {} : { view }),
            ...(session ? { session } : {}),
          })
        : run(await checkExecution(execution), opts),
    snapshot: async ({ timeoutMs, ...opts } = {}) =>
      run(
        await checkExecution({
          commandId: `api-snapshot-${process.pid}-${Date.now()}-${++sequence}`,
          taskId: "api-snapshot",
          source: "clawperator-api",
          expectedFormat: EXPECTED_FORMAT,
          timeoutMs: timeoutMs ?? 30_000,
          actions: [{ id: "snapshot", type: "snapshot_ui" }],
        }),
        opts,
      ),
    view: (options = {}) => kernel.services.resolve(AgentViews).observe(options),
    get device() {
      if (!kernel.services.isRegistered(DeviceControl))
        throw new ClawperatorError("PLUGIN_INVALID", "the device plugin is disabled: no device tools");
      return kernel.services.resolve(DeviceControl);
    },
    command: (path, args = {}, globals = {}, options = {}) => runCommand(kernel, path, args, globals, options),
    close: () => kernel.dispose(),
  };
}
