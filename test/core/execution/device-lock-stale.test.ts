import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, execaSync } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DeviceLocks } from "../../../core/execution/device-lock.ts";
import { elapsedSeconds, sameProcess } from "../../../core/host/process-start.ts";

// Lock files that wedged a device for good. Each case is a lock another run (or damage) left;
// acquiring must take it over at once instead of answering EXECUTION_CONFLICT_IN_FLIGHT for ever.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "locks-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const owner = { executionId: "e1", commandId: "c1" };
const lockPath = () => join(dir, "d.lock");
/** Writes a lock file as another process would have, dated two minutes ago (past every grace). */
function plant(record: Record<string, unknown>): void {
  writeFileSync(lockPath(), JSON.stringify({ executionId: "x", commandId: "planted", since: 1, ...record }));
  const past = new Date(Date.now() - 120_000);
  utimesSync(lockPath(), past, past);
}
const acquired = () => {
  new DeviceLocks(dir).acquire("d", owner).release();
  expect(readdirSync(dir)).toEqual([]);
};
const conflict = () =>
  expect(() => new DeviceLocks(dir).acquire("d", owner)).toThrowError(
    expect.objectContaining({ code: "EXECUTION_CONFLICT_IN_FLIGHT" }),
  );
const deadPid = () => Number(execaSync("sh", ["-c", "echo $$"]).stdout);

describe("a lock that cannot be a live holder's is taken over", () => {
  it.each([0, -1, 1])("pid %i (no real holder: 0 and -1 signal groups, 1 is init)", (pid) => {
    plant({ pid });
    acquired();
  });

  it("a settle window centuries ahead (retry after 5138-11-16)", () => {
    plant({ pid: deadPid(), settleUntil: 99_999_999_999_999 });
    acquired();
  });

  it("a settle window just past the longest legal execution and its settle", () => {
    const clock = { now: () => 1_700_000_000_000 };
    plant({ pid: deadPid(), settleUntil: clock.now() + 122_001 });
    new DeviceLocks(dir, clock).acquire("d", owner).release();
    plant({ pid: deadPid(), settleUntil: clock.now() + 122_000 });
    expect(() => new DeviceLocks(dir, clock).acquire("d", owner)).toThrowError(
      expect.objectContaining({ message: expect.stringContaining("settling") }),
    );
  });

  it("a directory at the lock path, with something in it", () => {
    mkdirSync(join(lockPath(), "inside"), { recursive: true });
    acquired();
  });

  it("a takeover guard left as a directory beside a stale lock", () => {
    plant({ pid: deadPid() });
    mkdirSync(`${lockPath()}.takeover`);
    acquired();
  });

  it("a takeover guard dated far ahead", () => {
    plant({ pid: deadPid() });
    writeFileSync(`${lockPath()}.takeover`, "1");
    const ahead = new Date(Date.now() + 3_600_000);
    utimesSync(`${lockPath()}.takeover`, ahead, ahead);
    acquired();
  });
});

describe.runIf(process.platform === "linux")("a holder is recognised by its pid and its start time", () => {
  it("records its start beside its pid", () => {
    const lock = new DeviceLocks(dir).acquire("d", owner);
    const record = JSON.parse(readFileSync(lockPath(), "utf8"));
    expect(record).toMatchObject({ pid: process.pid, start: expect.stringMatching(/^linux:\d+$/) });
    conflict();
    lock.release();
  });

  it("a live process that got the holder's pid later is not the holder; the holder itself is", async () => {
    const other = execa("sleep", ["60"]);
    try {
      const stat = readFileSync(`/proc/${other.pid}/stat`, "utf8");
      const ticks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      plant({ pid: other.pid, start: `linux:${ticks}` });
      conflict();
      plant({ pid: other.pid, start: `linux:${Number(ticks) - 1}` });
      acquired();
      // A lock written before start times were recorded: the pid alone still holds it.
      plant({ pid: other.pid });
      conflict();
    } finally {
      other.kill();
      await other.catch(() => undefined);
    }
  });
});

describe("the start check where there is no /proc: ps's elapsed time against the recorded start", () => {
  it.runIf(process.platform !== "win32")("confirms the process that recorded it, not a later one", async () => {
    const started = Date.now();
    const other = execa("sleep", ["60"]);
    try {
      expect(sameProcess(other.pid!, `at:${started}`)).toBe(true);
      expect(sameProcess(other.pid!, `at:${started - 60_000}`)).toBe(false);
      expect(sameProcess(deadPid(), `at:${started}`)).toBe(false);
    } finally {
      other.kill();
      await other.catch(() => undefined);
    }
  });

  it.each([
    ["00:05", 5],
    ["12:34", 754],
    ["01:02:03", 3_723],
    ["2-01:02:03", 176_523],
    ["  10:00\n", 600],
  ])("%j is %i s", (etime, seconds) => {
    expect(elapsedSeconds(etime)).toBe(seconds);
  });

  it("anything else is unknown", () => {
    expect(elapsedSeconds("")).toBeUndefined();
    expect(elapsedSeconds("ELAPSED")).toBeUndefined();
  });
});
