import type { AgentView, ViewRef } from "../../../core/contracts/agent-view.ts";

/** What a front end remembers of one device: how many executions acted on it, and its latest view. */
export interface DeviceViews {
  /** Executions dispatched that may have changed the screen. */
  acted: number;
  /** The latest view's refs, and how many acting executions the device had seen when it was made. */
  view?: { id: string; acted: number; refs: Record<string, ViewRef> };
}

/** Where the state lives: in memory for a long-lived process, a private file per device for the CLI. */
export interface ViewStore {
  /** The state as stored, unchecked (undefined when there is none). */
  read(deviceId: string): unknown;
  write(deviceId: string, state: DeviceViews): void;
  /** Forgets the device (it is gone). */
  remove(deviceId: string): void;
}

const actedOf = (raw: unknown) => {
  const acted = (raw as { acted?: unknown } | null)?.acted;
  return typeof acted === "number" && Number.isSafeInteger(acted) && acted >= 0 ? acted : 0;
};

/** How many snapshotting executions' counts are kept for their views: more than can be in flight at once. */
const KEPT = 64;

/**
 * The devices' latest views and the executions that came after them. Every dispatch is noted (cheaply: no view is
 * parsed, a device without a view is not even read); a view remembers how many acting executions came before the
 * snapshot it was made from, so its refs are stale once another one is dispatched.
 */
export class ViewState {
  /** commandId of an execution with a snapshot → the device's acting count when it was dispatched. */
  readonly #atDispatch = new Map<string, number>();

  constructor(readonly store: ViewStore) {}

  /** An execution is about to be dispatched; `acting`: it may change the screen; `snapshots`: a view may follow. */
  noteDispatch(deviceId: string, commandId: string, acting: boolean, snapshots: boolean): void {
    if (!acting && !snapshots) return;
    const raw = this.store.read(deviceId);
    let acted = actedOf(raw);
    const view = (raw as { view?: DeviceViews["view"] } | undefined)?.view;
    if (acting && view) this.store.write(deviceId, { acted: ++acted, view });
    if (!snapshots) return;
    this.#atDispatch.delete(commandId);
    this.#atDispatch.set(commandId, acted);
    if (this.#atDispatch.size > KEPT) this.#atDispatch.delete(this.#atDispatch.keys().next().value as string);
  }

  /** Keeps a view, made from the snapshot of execution `commandId`, as the device's latest. */
  remember(deviceId: string, commandId: string, view: AgentView): void {
    const current = actedOf(this.store.read(deviceId));
    const acted = this.#atDispatch.get(commandId) ?? current;
    this.#atDispatch.delete(commandId);
    this.store.write(deviceId, { acted: current, view: { id: view.id, acted, refs: view.refs } });
  }
}
