import type { AgentView, RefUse, ViewMode } from "../contracts/agent-view.ts";
import type { RunExecutionRequest, RunExecutionResult } from "../execution/runner.ts";
import { createToken } from "../kernel/token.ts";

export interface ViewTarget {
  deviceId?: string;
  receiverPackage?: string;
  /**
   * The client session the views belong to (an MCP session, an HTTP client, the CLI): its refs, its lineage and the
   * view an incremental one is told against are its own, never another session's. Default: the front end's own.
   */
  session?: string;
}

export interface ViewRunOptions
  extends ViewTarget,
    Pick<RunExecutionRequest, "pathOrigin" | "force" | "deviceEnvelope"> {
  /**
   * Append a snapshot to the same execution and return the view of the screen after the actions, once it has
   * settled: `incremental` (what changed since the session's earlier views; `true` means this), `full`, or `none`.
   */
  view?: boolean | ViewMode;
}

export interface ObserveOptions extends ViewTarget {
  timeoutMs?: number;
  /** `full` by default; `incremental` after something the agent did outside an execution (a key, a swipe). */
  mode?: "full" | "incremental";
  /** Wait for the screen to settle first (after an action), as act-and-see does. */
  settle?: boolean;
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

/** Where a ref's node is on the screen: for a gesture that starts on it. */
export interface LocatedRef {
  deviceId: string;
  viewId: string;
  bounds: string;
  center: { x: number; y: number };
}

/**
 * The agent view as a front end keeps it: each session's latest views of each device, against which refs resolve.
 * In a long-lived process (serve, OpenClaw, the programmatic API) in memory; for the CLI in a private file per
 * device.
 */
export interface AgentViews {
  /** Snapshots the device and returns its view, which becomes the session's latest. */
  observe(options?: ObserveOptions): Promise<ViewedResult>;
  /**
   * Validates and runs an execution whose actions may name `ref` (a ref of the session's latest view) where they
   * take a node: refused before dispatch with REF_NOT_FOUND for a ref never issued (or no view yet), REF_STALE when
   * an action ran on the device since that view or the ref's node is no longer on it, REF_NOT_UNIQUE when only a
   * click can take it. With `view`, the view of the screen after the actions comes back from the same execution.
   */
  run(execution: unknown, options?: ViewRunOptions): Promise<ViewedResult>;
  /** A ref of the session's latest view, checked as an action's ref is, and where its node is. */
  locate(ref: string, target?: ViewTarget): Promise<LocatedRef>;
  /** Something outside an execution may have changed the device's screen: refs of earlier views are stale. */
  noteActed(deviceId: string): void;
  /** The session ended: its views go. */
  forget(session: string): void;
}

export const AgentViews = createToken<AgentViews>("AgentViews");
