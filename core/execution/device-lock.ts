import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { ClawperatorError } from "../contracts/clawperator-error.ts";

interface LockRecord {
  pid: number;
  executionId: string;
  commandId: string;
  since: number;
  /** Set when an execution timed out: the device stays locked until then (spec/003 "In-Flight Semantics"). */
  settleUntil?: number;
}

export interface DeviceLock {
  release(options?: { settleMs?: number }): void;
}

/** Where a lock reads the time (ms since the epoch): `Date` by default; tests move one by hand to let a settle window pass. */
export interface LockClock {
  now(): number;
}

/** Where clawperator keeps state shared by its processes: $CLAWPERATOR_HOME, else ~/.clawperator. */
export function clawperatorHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAWPERATOR_HOME ?? join(homedir(), ".clawperator");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function read(path: string): LockRecord | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockRecord;
  } catch {
    return undefined;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

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
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, `${encodeURIComponent(deviceId)}.lock`);
    const record: LockRecord = { pid: process.pid, ...owner, since: this.clock.now() };
    for (let attempt = 0; attempt < 3; attempt++) {
      const temp = `${path}.${process.pid}.${owner.executionId}.tmp`;
      writeFileSync(temp, JSON.stringify(record));
      try {
        linkSync(temp, path);
        return this.#handle(path, record);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      } finally {
        unlinkQuietly(temp);
      }
      const holder = read(path);
      if (holder === undefined || (holder.settleUntil === undefined ? alive(holder.pid) : holder.settleUntil > this.clock.now())) {
        throw this.#conflict(deviceId, holder);
      }
      this.#takeOver(path, holder);
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
        if (settleMs) writeFileSync(path, JSON.stringify({ ...record, settleUntil: this.clock.now() + settleMs }));
        else unlinkQuietly(path);
      },
    };
  }

  /** Removes a stale lock, guarded so two processes cannot both remove and then both create it. */
  #takeOver(path: string, stale: LockRecord): void {
    const guard = `${path}.takeover`;
    try {
      writeFileSync(guard, String(process.pid), { flag: "wx" });
    } catch {
      // Someone else is taking over; a guard left by a crash expires after 5 s.
      const guardStat = statSync(guard, { throwIfNoEntry: false });
      if (guardStat && Date.now() - guardStat.mtimeMs > 5_000) unlinkQuietly(guard);
      return;
    }
    try {
      if (read(path)?.executionId === stale.executionId) unlinkQuietly(path);
    } finally {
      unlinkQuietly(guard);
    }
  }

  #conflict(deviceId: string, holder: LockRecord | undefined): ClawperatorError {
    const settling = holder?.settleUntil !== undefined;
    return new ClawperatorError(
      "EXECUTION_CONFLICT_IN_FLIGHT",
      settling
        ? `device ${deviceId} is settling after a timed-out execution; retry after ${new Date(holder!.settleUntil!).toISOString()}`
        : `device ${deviceId} is busy with another execution${holder ? ` (${holder.commandId}, pid ${holder.pid})` : ""}`,
      {
        hint: "One execution runs per device at a time; retry when it finishes.",
        details: { deviceId, ...(holder ? { holder: { commandId: holder.commandId, pid: holder.pid, since: new Date(holder.since).toISOString() } } : {}) },
      },
    );
  }
}
