import { createToken } from "../kernel/token.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { Execution } from "../contracts/execution.ts";
import type { Transport } from "../services/transport.ts";
import type { PreDispatchOutcome } from "./dispatcher.ts";

export interface BeforeDispatchContext {
  readonly execution: Execution;
  readonly deviceId: string;
  readonly receiverPackage: string;
  readonly transport: Transport;
  /** Device-shell command lines to run right before the broadcast, in the same adb round trip (e.g. force-stop). */
  readonly preDispatch: string[];
}

export interface AfterResultContext {
  readonly execution: Execution;
  readonly deviceId: string;
  readonly receiverPackage: string;
  readonly transport: Transport;
  readonly executionId: string;
  /**
   * The envelope as read from the device; hooks finish steps the APK cannot (close_app, snapshot text,
   * screenshots). The pipeline reconciles its status with its steps after every hook ran.
   */
  envelope: ResultEnvelope;
  /** What each of the beforeDispatch hooks' preDispatch command lines did on the device, in order. */
  readonly preDispatch: readonly PreDispatchOutcome[];
  /** Hierarchy XML blocks the command's snapshot_ui steps logged, in order. */
  readonly snapshots: readonly string[];
  /** Warnings for people (stderr), e.g. a snapshot that could not be extracted. */
  readonly warnings: string[];
  /**
   * Who chose the execution's file paths (RunExecutionRequest.pathOrigin), and whether a non-PNG file may be replaced.
   */
  readonly pathOrigin: "payload" | "person";
  readonly force: boolean;
}

export interface ExecutionHook {
  beforeDispatch?(ctx: BeforeDispatchContext): Promise<void> | void;
  afterResult?(ctx: AfterResultContext): Promise<void> | void;
}

/** The loaded hooks, in order; the kernel provides them from the hook registry. */
export type ExecutionHooks = () => Promise<ExecutionHook[]>;
export const ExecutionHooks = createToken<ExecutionHooks>("ExecutionHooks");
