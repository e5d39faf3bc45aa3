import {
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { join } from "node:path";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { LIMITS } from "../contracts/limits.ts";
import { clawperatorHome } from "../host/clawperator-home.ts";
import { processAlive } from "../host/process-alive.ts";
import { ownStartToken, sameProcess } from "../host/process-start.ts";

interface LockRecord {
  pid: number;
  /** When the holder started (process-start.ts), so a process that later got the same pid is not taken for it. */
  start?: string;
  executionId: string;
  commandId: string;
  since: number;
  /** Set when an execution timed out: the device stays locked until then (docs/execution.md#device-lock). */
  settleUntil?: number;
}

export interface DeviceLock {
  release(options?: { settleMs?: number }): void;
}

/**
 * Where a lock reads the time (ms since the epoch): `Date` by default; tests move one by hand to let a settle window
 * pass.
 */
export interface LockClock {
  now(): number;
}

/**
 * Every lock write is atomic (written aside, then linked or renamed into place), so a lock that cannot be read
 * was left by a crash or damaged by something else: it names no holder that could be shown alive. The grace
 * spares a lock whose file changed this very moment (a writer of an older version wrote in place).
 */
const UNREADABLE_GRACE_MS = 1_000;
/**
 * A modification time further ahead than this is a wrong clock, not a write in progress: it must not hold a device for
 * ever.
 */
const FUTURE_SKEW_MS = 10_000;
/**
 * No settle window is written further ahead than the settle itself; one beyond the longest legal execution plus
 * its settle is damage or a wrong clock ("retry after 5138-11-16"), not a device settling.
 */
const MAX_SETTLE_AHEAD_MS = LIMITS.MAX_EXECUTION_TIMEOUT_MS + LIMITS.TIMEOUT_SETTLE_MS;
/** A takeover guard older than this (or dated this far ahead) was left by a crash. */
const GUARD_STALE_MS = 5_000;

/** A lock file: its record when it parses as one, and its identity, so a takeover removes what it judged. */
interface LockFile {
  record: LockRecord | undefined;
  stat: Stats;
}

function isLockRecord(value: unknown): value is LockRecord {
  const v = value as Partial<LockRecord> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isInteger(v.pid) &&
    typeof v.executionId === "string" &&
    typeof v.commandId === "string" &&
    (v.start === undefined || typeof v.start === "string") &&
    (v.settleUntil === undefined || Number.isFinite(v.settleUntil))
  );
}

/** The lock at `path` as it is (a directory or a symlink there is judged, never followed). */
function readLock(path: string): LockFile | undefined {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isFile()) return { record: undefined, stat };
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return { record: isLockRecord(value) ? value : undefined, stat };
  } catch {
    return { record: undefined, stat };
  }
}

const read = (path: string): LockRecord | undefined => readLock(path)?.record;

const sameFile = (a: Stats, b: Stats | undefined) =>
  b !== undefined && a.ino === b.ino && a.dev === b.dev && a.mtimeMs === b.mtimeMs && a.size === b.size;

function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, path);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Removes whatever is at `path`: a file, or a directory something else left where a file belongs. */
const removeQuietly = (path: string, stat: Stats) =>
  stat.isDirectory() ? rmSync(path, { recursive: true, force: true }) : unlinkQuietly(path);

/**
 * One execution per device across processes (two CLIs, or the CLI beside serve). A lock is a file created
 * atomically with its content (write a temp file, then link it into place, which fails if the lock exists).
 * A holder that died is detected by its pid and its lock taken over, so a crash never wedges a device.
 */
export class DeviceLocks {
  constructor(
    private readonly dir = join(clawperatorHome(), "locks"),
    private readonly clock: LockClock = Date,
  ) {}

  acquire(deviceId: string, owner: { executionId: string; commandId: string }): DeviceLock {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const path = join(this.dir, `${encodeURIComponent(deviceId)}.lock`);
    const record: LockRecord = { pid: process.pid, start: ownStartToken(), ...owner, since: this.clock.now() };
    for (let attempt = 0; attempt < 3; attempt++) {
      const temp = `${path}.${process.pid}.${owner.executionId}.tmp`;
      writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
      try {
        linkSync(temp, path);
        return this.#handle(path, record);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      } finally {
        unlinkQuietly(temp);
      }
      const lock = readLock(path);
      if (lock === undefined) continue;
      if (this.#held(lock)) throw this.#conflict(deviceId, lock.record);
      this.#takeOver(path, lock.stat);
    }
    throw this.#conflict(deviceId, read(path));
  }

  #handle(path: string, record: LockRecord): DeviceLock {
    let released = false;
    return {
      release: ({ settleMs } = {}) => {
        if (released) return;
        released = true;
        if (read(path)?.executionId !== record.executionId) return;
        if (settleMs) writeAtomically(path, JSON.stringify({ ...record, settleUntil: this.clock.now() + settleMs }));
        else unlinkQuietly(path);
      },
    };
  }

  /**
   * Whether a lock still holds: its holder is the process that took it and still runs, or it is settling. Nothing
   * of ours puts anything but a file there; an unreadable file holds only within its grace; no real holder has a
   * pid <= 0 (pid 1 only with its start recorded: clawperator as a container's first process); a settle window
   * ends no later than the longest legal execution and its settle from now.
   */
  #held({ record, stat }: LockFile): boolean {
    if (!stat.isFile()) return false;
    if (record === undefined) {
      const age = Date.now() - stat.mtimeMs;
      return age < UNREADABLE_GRACE_MS && age > -FUTURE_SKEW_MS;
    }
    const now = this.clock.now();
    if (record.settleUntil !== undefined)
      return record.settleUntil > now && record.settleUntil <= now + MAX_SETTLE_AHEAD_MS;
    if (record.pid <= 0) return false;
    const same = record.start === undefined ? undefined : sameProcess(record.pid, record.start);
    return same ?? (record.pid > 1 && processAlive(record.pid));
  }

  /** Removes a stale lock, guarded so two processes cannot both remove and then both create it. */
  #takeOver(path: string, stale: Stats): void {
    const guard = `${path}.takeover`;
    try {
      writeFileSync(guard, String(process.pid), { flag: "wx" });
    } catch {
      // Someone else is taking over; a guard left by a crash (or anything else there) is removed once stale.
      const guardStat = lstatSync(guard, { throwIfNoEntry: false });
      const age = guardStat ? Date.now() - guardStat.mtimeMs : 0;
      if (guardStat && (!guardStat.isFile() || age > GUARD_STALE_MS || age < -FUTURE_SKEW_MS))
        removeQuietly(guard, guardStat);
      return;
    }
    try {
      if (sameFile(stale, lstatSync(path, { throwIfNoEntry: false }))) removeQuietly(path, stale);
    } finally {
      unlinkQuietly(guard);
    }
  }

  #conflict(deviceId: string, holder: LockRecord | undefined): ClawperatorError {
    const settling = holder?.settleUntil !== undefined;
    return new ClawperatorError(
      "EXECUTION_CONFLICT_IN_FLIGHT",
      settling
        ? `device ${deviceId} is settling after a timed-out execution; retry after ` +
            `${new Date(holder!.settleUntil!).toISOString()}`
        : `device ${deviceId} is busy with another execution` +
            `${holder ? ` (${holder.commandId}, pid ${holder.pid})` : ""}`,
      {
        hint: "One execution runs per device at a time; retry when it finishes.",
        details: {
          deviceId,
          ...(holder
            ? { holder: { commandId: holder.commandId, pid: holder.pid, since: new Date(holder.since).toISOString() } }
            : {}),
        },
      },
    );
  }
}
