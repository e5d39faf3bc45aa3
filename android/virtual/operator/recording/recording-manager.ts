import { strerror, type Errno } from "../../device/errno.ts";
import type { FileHandle, VirtualFileSystem } from "../../device/virtual-fs.ts";
import type { OperatorLog } from "../operator-log.ts";
import { eventLine, headerLine, type RecordingEvent } from "./recording-format.ts";

/** A start or stop the manager refused (the APK's RecordingCommandOutcome.Error). */
export interface RecordingRefusal {
  kind: "error";
  code: string;
  message: string;
  sessionId?: string;
  filePath?: string;
  eventCount?: number;
}
export type StartOutcome = { kind: "started"; sessionId: string; filePath: string } | RecordingRefusal;
export type StopOutcome =
  | { kind: "stopped"; sessionId: string; filePath: string; eventCount: number }
  | RecordingRefusal;

export interface RecordingManagerDeps {
  fs: VirtualFileSystem;
  /** The operator's package: its external files directory and the header's operatorPackage. */
  packageName: string;
  log: OperatorLog;
  now(): number;
  /** Eight lower-case hex digits: the random part of a generated session id (the start of a random UUID). */
  randomSuffix(): string;
}

interface Session {
  sessionId: string;
  filePath: string;
  directory: string;
  file: FileHandle;
  queue: RecordingEvent[];
  nextSeq: number;
  written: number;
  drainScheduled: boolean;
}

const SAFE_SESSION_ID = /^[A-Za-z0-9_-]+$/;

/** Java's FileNotFoundException message for a file Android could not open. */
const openFailed = (path: string, errno: Errno) => `${path}: open failed: ${errno} (${strerror(errno)})`;

/**
 * The APK's RecordingManagerDefault: one session at a time, in memory; the header written at start, events queued
 * and written in order by a writer that runs after the current work (the APK's writer thread), each batch flushed;
 * at stop the rest written, the file closed and `latest` pointed at the session.
 */
export class RecordingManager {
  #active: Session | undefined;

  constructor(private readonly deps: RecordingManagerDeps) {}

  isActive(): boolean {
    return this.#active !== undefined;
  }

  /** The checks run in the APK's order: a session already active, storage, the id, then the file. */
  start(requestedId: string | undefined): StartOutcome {
    const active = this.#active;
    if (active) {
      return {
        kind: "error",
        code: "RECORDING_ALREADY_IN_PROGRESS",
        message: "Recording is already in progress",
        sessionId: active.sessionId,
        filePath: active.filePath,
      };
    }
    const filesDir = this.#externalFilesDir();
    if (filesDir === undefined)
      return {
        kind: "error",
        code: "RECORDING_STORAGE_UNAVAILABLE",
        message: "External files directory is not available",
      };
    const directory = `${filesDir}/recordings`;
    const { fs } = this.deps;
    if (typeof fs.stat(directory) === "string" && fs.mkdir(directory, { parents: true })) {
      return {
        kind: "error",
        code: "RECORDING_STORAGE_UNAVAILABLE",
        message: `Failed to create recordings directory: ${directory}`,
      };
    }
    const sessionId = requestedId?.trim() ? requestedId : this.#generateId();
    if (!SAFE_SESSION_ID.test(sessionId)) {
      return {
        kind: "error",
        code: "RECORDING_START_FAILED",
        message: "sessionId must use only letters, numbers, hyphens, or underscores",
      };
    }
    const filePath = `${directory}/${sessionId}.ndjson`;
    const file = fs.open(filePath);
    if (typeof file === "string")
      return { kind: "error", code: "RECORDING_START_FAILED", message: openFailed(filePath, file) };
    file.append(Buffer.from(`${headerLine(sessionId, this.deps.now(), this.deps.packageName)}\n`));
    this.#active = { sessionId, filePath, directory, file, queue: [], nextSeq: 0, written: 0, drainScheduled: false };
    this.deps.log.recording("I", `SESSION_STARTED sessionId=${sessionId} file=${filePath}`);
    return { kind: "started", sessionId, filePath };
  }

  /**
   * Stops the active session whatever id is asked for (a different one is only logged), writes what is queued and
   * the `latest` pointer. A pointer that cannot be written fails the stop, and `latest` keeps its old session.
   */
  stop(requestedId: string | undefined): StopOutcome {
    const session = this.#active;
    if (!session) return { kind: "error", code: "RECORDING_NOT_IN_PROGRESS", message: "Recording is not in progress" };
    this.#active = undefined;
    if (requestedId !== undefined && requestedId !== session.sessionId) {
      this.deps.log.recording(
        "W",
        `SESSION_ID_MISMATCH stopRequestedSessionId=${requestedId} activeSessionId=${session.sessionId}`,
      );
    }
    this.#drain(session);
    const latest = `${session.directory}/latest`;
    const failure = this.deps.fs.write(latest, Buffer.from(session.sessionId));
    if (failure) {
      return {
        kind: "error",
        code: "RECORDING_STOP_FAILED",
        message: openFailed(latest, failure),
        sessionId: session.sessionId,
        filePath: session.filePath,
        eventCount: session.written,
      };
    }
    this.deps.log.recording(
      "I",
      `SESSION_STOPPED sessionId=${session.sessionId} file=${session.filePath} eventCount=${session.written}`,
    );
    return { kind: "stopped", sessionId: session.sessionId, filePath: session.filePath, eventCount: session.written };
  }

  /** Queues the event `build` makes with the next seq; false (nothing built) when no session is active. */
  enqueue(build: (seq: number) => RecordingEvent): boolean {
    const session = this.#active;
    if (!session) return false;
    session.queue.push(build(session.nextSeq++));
    if (!session.drainScheduled) {
      session.drainScheduled = true;
      queueMicrotask(() => this.#drain(session));
    }
    return true;
  }

  #drain(session: Session): void {
    session.drainScheduled = false;
    if (session.queue.length === 0) return;
    const lines = session.queue.splice(0).map((event) => `${eventLine(event)}\n`);
    session.file.append(Buffer.from(lines.join("")));
    session.written += lines.length;
  }

  /** getExternalFilesDir: the path if something is there, else created; undefined when it cannot be. */
  #externalFilesDir(): string | undefined {
    const dir = `/storage/emulated/0/Android/data/${this.deps.packageName}/files`;
    const { fs } = this.deps;
    if (typeof fs.stat(dir) !== "string") return dir;
    return fs.mkdir(dir, { parents: true }) ? undefined : dir;
  }

  #generateId(): string {
    return `record-${this.deps.now()}-${this.deps.randomSuffix()}`;
  }
}
