import type { AgentView, ViewRef } from "../../../core/contracts/agent-view.ts";
import type { ViewLine } from "../../../android/hierarchy/agent-view/build-view.ts";
import {
  loadLineage,
  storeLineage,
  type RefLineage,
  type StoredLineage,
} from "../../../android/hierarchy/agent-view/lineage.ts";
import type { DisplaySize } from "../../../android/hierarchy/agent-view/visible.ts";

/** A view as a session keeps it: enough to resolve its refs and to tell the next view's changes. */
export interface StoredView {
  id: string;
  /** How many acting executions the device had seen when its snapshot was dispatched. */
  acted: number;
  package: string;
  /** Its lines: depth, text, identity, name, ref. */
  lines: Array<[number, string, string, string, string?]>;
  refs: Record<string, ViewRef>;
}

/** One client session's views of a device: its ref lineage and its latest views, newest last. */
export interface SessionViews {
  seq: number;
  /** When it was last used (a counter), so the least used session goes first when there are too many. */
  used: number;
  lineage: StoredLineage;
  views: StoredView[];
}

/** What a front end remembers of one device: how many executions acted on it, its display, each session's views. */
export interface DeviceViews {
  /** Executions dispatched (and device tools run) that may have changed the screen. */
  acted: number;
  display?: DisplaySize;
  sessions: Record<string, SessionViews>;
}

/** Where the state lives: in memory for a long-lived process, a private file per device for the CLI. */
export interface ViewStore {
  /** The state as stored, unchecked (undefined when there is none). */
  read(deviceId: string): unknown;
  write(deviceId: string, state: DeviceViews): void;
  /** Forgets the device (it is gone). */
  remove(deviceId: string): void;
  /** Every device with a state (memory stores; a file store lists none). */
  devices?(): string[];
}

/** How many snapshotting executions' counts are kept for their views: more than can be in flight at once. */
const KEPT = 64;
/** Views kept per session and device: the baselines an incremental view may be told against. */
export const VIEWS_KEPT = 6;
/** Sessions kept per device; the least recently used goes first. */
const SESSIONS_KEPT = 64;

const count = (raw: unknown) => (typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0 ? raw : 0);

/** A stored device state, checked loosely (it may come from a file an older version wrote). */
function deviceViews(raw: unknown): DeviceViews {
  const r = raw as Partial<DeviceViews> | null | undefined;
  const sessions = r?.sessions && typeof r.sessions === "object" && !Array.isArray(r.sessions) ? r.sessions : {};
  const d = r?.display;
  const display =
    d && Number.isSafeInteger(d.width) && Number.isSafeInteger(d.height) && d.width > 0 && d.height > 0
      ? { width: d.width, height: d.height }
      : undefined;
  return { acted: count(r?.acted), ...(display ? { display } : {}), sessions: { ...sessions } };
}

/** A session's views and lineage, ready to build the next view with. */
export interface SessionState {
  lineage: RefLineage;
  views: StoredView[];
  seq: number;
}

export const storedLines = (lines: readonly ViewLine[]): StoredView["lines"] =>
  lines.map((l) => (l.ref ? [l.depth, l.text, l.key, l.name, l.ref] : [l.depth, l.text, l.key, l.name]));

export const linesOf = (view: StoredView): ViewLine[] =>
  (Array.isArray(view.lines) ? view.lines : []).map(([depth, text, key, name, ref]) => ({
    depth,
    text,
    key,
    name,
    ...(ref ? { ref } : {}),
  }));

/**
 * The devices' views and the executions that came after them, per client session (an MCP session, an HTTP client,
 * the CLI): one agent's views and refs are never another's. Every dispatch is noted (cheaply: a device without a
 * view is not written); a view remembers how many acting executions came before its snapshot, so its refs are stale
 * once another one is dispatched, whoever dispatched it.
 */
export class ViewState {
  /** commandId of an execution with a snapshot → the device's acting count when it was dispatched. */
  readonly #atDispatch = new Map<string, number>();
  #clock = 0;

  constructor(readonly store: ViewStore) {}

  /** An execution is about to be dispatched; `acting`: it may change the screen; `snapshots`: a view may follow. */
  noteDispatch(deviceId: string, commandId: string, acting: boolean, snapshots: boolean): void {
    if (!acting && !snapshots) return;
    let acted = count((this.store.read(deviceId) as { acted?: unknown } | undefined)?.acted);
    if (acting) acted = this.noteActed(deviceId);
    if (!snapshots) return;
    this.#atDispatch.delete(commandId);
    this.#atDispatch.set(commandId, acted);
    if (this.#atDispatch.size > KEPT) this.#atDispatch.delete(this.#atDispatch.keys().next().value as string);
  }

  /** Something may have changed the device's screen (an execution, a key, a swipe): its views' refs are stale. */
  noteActed(deviceId: string): number {
    const raw = this.store.read(deviceId);
    const state = deviceViews(raw);
    state.acted++;
    if (raw !== undefined) this.store.write(deviceId, state);
    return state.acted;
  }

  /** The acting count an execution's snapshot was taken at (its dispatch), else the device's count now. */
  actedAt(deviceId: string, commandId: string): number {
    const at = this.#atDispatch.get(commandId);
    this.#atDispatch.delete(commandId);
    return at ?? deviceViews(this.store.read(deviceId)).acted;
  }

  /** How many acting executions (and device tools) the device has seen. */
  acted(deviceId: string): number {
    return deviceViews(this.store.read(deviceId)).acted;
  }

  display(deviceId: string): DisplaySize | undefined {
    return deviceViews(this.store.read(deviceId)).display;
  }

  setDisplay(deviceId: string, display: DisplaySize): void {
    const state = deviceViews(this.store.read(deviceId));
    this.store.write(deviceId, { ...state, display });
  }

  /** A session's views of a device (none yet: a new lineage). */
  session(deviceId: string, session: string): SessionState {
    const stored = deviceViews(this.store.read(deviceId)).sessions[session];
    return {
      lineage: loadLineage(stored?.lineage),
      views: Array.isArray(stored?.views) ? stored.views : [],
      seq: count(stored?.seq),
    };
  }

  /**
   * Keeps a view as the session's latest view of the device, with the lineage it was built with: its whole
   * screen's refs, even when the view handed out shows only what changed.
   */
  remember(
    deviceId: string,
    session: string,
    view: Pick<AgentView, "id" | "package" | "refs">,
    lines: readonly ViewLine[],
    built: SessionState & { acted: number },
  ): void {
    const state = deviceViews(this.store.read(deviceId));
    const stored: StoredView = {
      id: view.id,
      acted: built.acted,
      package: view.package,
      lines: storedLines(lines),
      refs: view.refs,
    };
    state.sessions[session] = {
      seq: built.seq,
      used: ++this.#clock,
      lineage: storeLineage(built.lineage),
      views: [...built.views, stored].slice(-VIEWS_KEPT),
    };
    const names = Object.keys(state.sessions);
    if (names.length > SESSIONS_KEPT) {
      names.sort((a, b) => count(state.sessions[a]!.used) - count(state.sessions[b]!.used));
      for (const name of names.slice(0, names.length - SESSIONS_KEPT)) delete state.sessions[name];
    }
    this.store.write(deviceId, state);
  }

  /** Forgets a session's views of every device (the MCP session ended). */
  forget(session: string): void {
    for (const deviceId of this.store.devices?.() ?? []) {
      const state = deviceViews(this.store.read(deviceId));
      if (!(session in state.sessions)) continue;
      delete state.sessions[session];
      this.store.write(deviceId, state);
    }
  }
}
