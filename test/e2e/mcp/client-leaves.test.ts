import { existsSync, watch } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { rawStdio } from "./raw-stdio.ts";

const session = virtualSession();
let serial: string;

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
});

/** Resolves once the device's lock file exists: an execution holds the device. */
async function lockTaken(): Promise<string> {
  const locks = join(session.harness.home, ".clawperator", "locks");
  await mkdir(locks, { recursive: true, mode: 0o700 });
  const lock = join(locks, `${encodeURIComponent(serial)}.lock`);
  const watcher = watch(locks);
  await new Promise<void>((resolve) => {
    watcher.on("change", () => existsSync(lock) && resolve());
    if (existsSync(lock)) resolve();
  });
  watcher.close();
  return lock;
}

// The execution's own timeout (120 s) is the test's hang detector's: a server that waited for it, as it did when it
// closed the device's result stream under a running execution, fails here by timing out.
it("a client that leaves mid-execution: the real outcome is awaited and logged, the lock released, the process exits", async () => {
  const mcp = await rawStdio(session);
  const locked = lockTaken();
  mcp.send({
    jsonrpc: "2.0",
    id: 4,
    method: "tools/call",
    params: {
      name: "clawperator_execute",
      arguments: {
        deviceId: serial,
        execution: {
          commandId: "leave-1",
          taskId: "leave",
          source: "e2e",
          expectedFormat: "android-ui-automator",
          timeoutMs: 120_000,
          actions: [{ id: "s", type: "sleep", params: { durationMs: 3000 } }],
        },
      },
    },
  });
  const lock = await locked;
  expect(await mcp.leave()).toBe(0);
  // Released when the device was done, before the process ended; the log says what really happened.
  expect(existsSync(lock)).toBe(false);
  expect(mcp.stderr()).not.toContain("RESULT_ENVELOPE_TIMEOUT");
  expect(mcp.stderr()).toContain("clawperator_execute: ended unawaited: it succeeded");
  // Nothing was answered after the client left.
  expect(mcp.messages.some((m) => (m as { id?: unknown }).id === 4)).toBe(false);
  const next = await session.json(["observe", "snapshot", "--device-id", serial]);
  expect(next.exitCode, next.stderr).toBe(0);
}, 60_000);
