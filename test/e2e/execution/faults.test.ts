import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { STACK_FRAME } from "../../helpers/run-cli.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution, registerReceiver } from "./support.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

// Faults as tests (the host's side: the CLI killed, a corrupt lock, a full disk). Each asserts what the
// failing run reports and that the next execution on that device succeeds. Times to fail are in bench/faults.mjs.
const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

const lockFile = () => join(session.harness.home, ".clawperator", "locks", `${encodeURIComponent(device.serial)}.lock`);
const executeOn = (payload: Record<string, unknown>) =>
  session.json<ExecutionOutput>(["execute", "--device-id", device.serial, "--execution", JSON.stringify(payload)]);

async function nextExecutionSucceeds(): Promise<void> {
  const run = await executeOn(
    execution([
      { id: "open", type: "open_app", params: { applicationId: DEMO } },
      { id: "snap", type: "snapshot_ui" },
    ]),
  );
  expect(run.exitCode).toBe(0);
  expect(run.body.envelope.stepResults.map((s: { success: boolean }) => s.success)).toEqual([true, true]);
  expect(existsSync(lockFile())).toBe(false);
}

describe("faults", () => {
  it("the CLI killed mid-execution leaves no half output, and its lock does not block the next execution", async () => {
    // A receiver that never answers: the run is still waiting whenever the kill comes, however slow the machine.
    let started!: () => void;
    const receiving = new Promise<void>((resolve) => (started = resolve));
    const unregister = registerReceiver(device, DEMO, (command, log) => {
      log("D", `TaskScopeDefault: step_start id="${command.actions[0]!.id}" type=${command.actions[0]!.type}`);
      started();
    });
    const payload = execution([{ id: "nap", type: "sleep", params: { durationMs: 1_000 } }], { timeoutMs: 120_000 });
    const child = session.spawn([
      "execute",
      "--device-id",
      device.serial,
      "--execution",
      JSON.stringify(payload),
      "--receiver-package",
      DEMO,
    ]);
    await receiving;
    unregister();
    // The device is busy with this run and its holder is the CLI process.
    expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({
      pid: child.pid,
      commandId: payload.commandId,
    });
    child.kill("SIGKILL");
    const killed = await child;
    expect(killed.signal).toBe("SIGKILL");
    expect(killed.stdout).toBe("");
    // The dead holder's lock is still there; the next run takes it over.
    expect(existsSync(lockFile())).toBe(true);
    await nextExecutionSucceeds();
  });

  it.each([
    ["empty", ""],
    ["truncated", '{"pid":4242,"executionId":"e1","comm'],
    ["garbage", "\u0000\u00ff not a lock"],
  ])(
    "a corrupt (%s) lock file: held while it may be a writer's, stale after, never EXECUTION_CONFLICT_IN_FLIGHT forever",
    async (_kind, text) => {
      mkdirSync(join(session.harness.home, ".clawperator", "locks"), { recursive: true });
      writeFileSync(lockFile(), text);
      // Changed at this moment: it could be another process's write in progress, so the device is busy.
      utimesSync(lockFile(), new Date(), new Date(Date.now() + 5_000));
      const busy = await executeOn(execution([{ id: "snap", type: "snapshot_ui" }]));
      expect(busy).toMatchObject({ exitCode: 1, body: { code: "EXECUTION_CONFLICT_IN_FLIGHT" } });
      expect(busy.stderr).not.toMatch(STACK_FRAME);
      // Older than the grace and naming no live holder: stale.
      utimesSync(lockFile(), new Date(), new Date(Date.now() - 60_000));
      await nextExecutionSucceeds();
    },
  );

  it("a full disk for a screenshot is a failed step and exit 1 with the reason; the next execution succeeds", async () => {
    // /dev/full answers every write with ENOSPC: a full file system without root, a mount or a tmpfs.
    const run = await session.json<ExecutionOutput>([
      "observe",
      "screenshot",
      "--device-id",
      device.serial,
      "--path",
      "/dev/full",
    ]);
    expect(run.exitCode).toBe(1);
    expect(run.body).toMatchObject({ ok: false, envelope: { status: "failed", errorCode: "SCREENSHOT_WRITE_FAILED" } });
    expect(run.body.envelope.stepResults[0]!.data.message).toBe(
      "/dev/full could not be written: no space left on the device (ENOSPC)",
    );
    await nextExecutionSucceeds();
  });
});
