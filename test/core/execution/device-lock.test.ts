import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, execaSync } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DeviceLocks } from "../../../core/execution/device-lock.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "locks-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const owner = (n: number) => ({ executionId: `e${n}`, commandId: `c${n}` });

/** A pid that is certainly not running: one of a process that already exited. */
const deadPid = () => execaSync("sh", ["-c", "echo $$"]).stdout;

describe("DeviceLocks", () => {
  it("one holder per device; others get EXECUTION_CONFLICT_IN_FLIGHT naming the holder", () => {
    const locks = new DeviceLocks(dir);
    const held = locks.acquire("emulator-5554", owner(1));
    expect(() => locks.acquire("emulator-5554", owner(2))).toThrowError(
      expect.objectContaining({
        code: "EXECUTION_CONFLICT_IN_FLIGHT",
        details: expect.objectContaining({
          deviceId: "emulator-5554",
          holder: expect.objectContaining({ commandId: "c1" }),
        }),
      }),
    );
    locks.acquire("127.0.0.1:40001", owner(3)).release();
    held.release();
    locks.acquire("emulator-5554", owner(4)).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps the device for the settle window after a timeout, then frees it", () => {
    const clock = { ms: 1_700_000_000_000, now: () => clock.ms };
    const locks = new DeviceLocks(dir, clock);
    locks.acquire("d", owner(1)).release({ settleMs: 2_000 });
    const settling = expect.objectContaining({
      code: "EXECUTION_CONFLICT_IN_FLIGHT",
      message: expect.stringContaining("settling"),
    });
    expect(() => locks.acquire("d", owner(2))).toThrowError(settling);
    clock.ms += 1_999;
    expect(() => locks.acquire("d", owner(2))).toThrowError(settling);
    // Another process reads the same window from the file: its own clock decides.
    expect(() => new DeviceLocks(dir, { now: () => clock.ms }).acquire("d", owner(2))).toThrowError(settling);
    clock.ms += 1;
    locks.acquire("d", owner(3)).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("takes over the lock of a holder that died", () => {
    writeFileSync(
      join(dir, "d.lock"),
      JSON.stringify({ pid: Number(deadPid()), executionId: "gone", commandId: "gone", since: Date.now() }),
    );
    const locks = new DeviceLocks(dir);
    locks.acquire("d", owner(1)).release();
  });

  it.each([
    ["empty", ""],
    ["truncated", '{"pid":1,"executionId":"e'],
    ["not a lock", '"x"'],
  ])("a lock file that is %s is stale once its holder cannot be shown alive", (_kind, text) => {
    const lock = join(dir, "d.lock");
    writeFileSync(lock, text);
    // Changed this moment: it might be a writer's, so it still holds...
    utimesSync(lock, new Date(), new Date(Date.now() + 5_000));
    expect(() => new DeviceLocks(dir).acquire("d", owner(1))).toThrowError(
      expect.objectContaining({ code: "EXECUTION_CONFLICT_IN_FLIGHT" }),
    );
    // A time far ahead is a wrong clock, not a write in progress: it does not hold the device for ever.
    utimesSync(lock, new Date(), new Date(Date.now() + 3_600_000));
    new DeviceLocks(dir).acquire("d", owner(3)).release();
    writeFileSync(lock, text);
    // ...but once older than the grace, nothing shows a live holder and the lock is taken over.
    utimesSync(lock, new Date(), new Date(Date.now() - 60_000));
    new DeviceLocks(dir).acquire("d", owner(2)).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("writes locks atomically and privately: a settling lock is replaced, never rewritten in place", () => {
    const locks = new DeviceLocks(join(dir, "locks"));
    const held = locks.acquire("d", owner(1));
    const before = statSync(join(dir, "locks", "d.lock"));
    expect(before.mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "locks")).mode & 0o777).toBe(0o700);
    held.release({ settleMs: 60_000 });
    const after = statSync(join(dir, "locks", "d.lock"));
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, "locks"))).toEqual(["d.lock"]);
  });

  it("holds across processes: of 8 racing processes exactly one gets the lock", async () => {
    // Each child reports, then holds whatever it got until the test closes its stdin: no timing assumptions.
    const script = join(dir, "race.ts");
    writeFileSync(
      script,
      `
      import { DeviceLocks } from ${JSON.stringify(join(process.cwd(), "core/execution/device-lock.ts"))};
      let lock;
      try { lock = new DeviceLocks(process.argv[2]).acquire("d", { executionId: String(process.pid), commandId: "c" }); console.log("got"); }
      catch (e) { console.log(e.code); }
      process.stdin.resume();
      process.stdin.on("end", () => lock?.release());`,
    );
    const children = Array.from({ length: 8 }, () =>
      execa("jiti", [script, join(dir, "locks")], { preferLocal: true, stdin: "pipe" }),
    );
    const first = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()))),
      ),
    );
    for (const child of children) child.stdin!.end();
    await Promise.all(children);
    expect(first.filter((o) => o === "got")).toHaveLength(1);
    expect(first.filter((o) => o === "EXECUTION_CONFLICT_IN_FLIGHT")).toHaveLength(7);
    expect(readdirSync(join(dir, "locks"))).toEqual([]);
  });
});
