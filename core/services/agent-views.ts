import type { AgentView, RefUse } from "../contracts/agent-view.ts";
import type { RunExecutionRequest, RunExecutionResult } from "../execution/runner.ts";
import { createToken } from "../kernel/token.ts";

export interface ViewTarget {
  deviceId?: string;
  receiverPackage?: string;
}

export interface ViewRunOptions
  extends ViewTarget,
    Pick<RunExecutionRequest, "pathOrigin" | "force" | "deviceEnvelope"> {
  /** Append a snapshot_ui to the same execution and return the view of the screen after the actions. */
  view?: boolean;
}

/**
 * An execution's result with what the agent view adds: how each `ref` was resolved, and the view made from the
 * execution's snapshot (whose XML then leaves the envelope: the view replaces it). `viewError` says why there is no
 * view although one was asked for (the snapshot failed or did not parse).
 */
export interface ViewedResult extends RunExecutionResult {
  refs?: RefUse[];
  view?: AgentView;
  viewError?: string;
}

/**
 * The agent view as a front end keeps it: each device's latest view, against which refs resolve. In a
 * long-lived process (serve, OpenClaw, the programmatic API) in memory; for the CLI in a private file per device.
 */
export interface AgentViews {
  /** Snapshots the device and returns its view, which becomes the device's latest. */
  observe(target?: ViewTarget & { timeoutMs?: number }): Promise<ViewedResult>;
  /**
   * Validates and runs an execution whose actions may name `ref` (a ref of the device's latest view) where they take
   * a node: refused before dispatch with REF_STALE when an action ran on the device since that view, REF_NOT_FOUND
   * when there is no such view or ref, REF_NOT_UNIQUE when only a click can take it. With `view`, the view of the
   * screen after the actions comes back from the same execution.
   */
  run(execution: unknown, options?: ViewRunOptions): Promise<ViewedResult>;
}

export const AgentViews = createToken<AgentViews>("AgentViews");
