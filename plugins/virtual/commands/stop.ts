import { setTimeout as delay } from "node:timers/promises";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { stopArgs } from "../command-args.ts";
import { alive, listRecords, removeRecord, type VirtualDeviceRecord } from "../registry.ts";

/** How long a device may take to shut down cleanly before it is killed. */
const GRACE_MS = 10_000;

/**
 * Resolves when the process is gone. It is not our child, so there is no exit event to await; it is checked
 * every 20 ms while it disconnects from adb and closes its server.
 */
async function exited(pid: number, deadline: number): Promise<boolean> {
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await delay(20);
  }
  return true;
}

async function stopOne(record: VirtualDeviceRecord): Promise<void> {
  const deadline = Date.now() + GRACE_MS;
  try {
    process.kill(record.pid, "SIGTERM");
  } catch {
    removeRecord(record.serial, record.log);
    return;
  }
  if (!(await exited(record.pid, deadline))) {
    try {
      process.kill(record.pid, "SIGKILL");
    } catch {
      // exited in the meantime
    }
  }
  removeRecord(record.serial, record.log);
}

/**
 * `virtual stop <serial>` (or `--device-id <serial>`, as every other command, or `--all`): SIGTERM the device process
 * and wait until it has exited.
 */
const stop = defineCommandHandler(stopArgs, {
  async run(args, { globals, services }) {
    if (args.serial !== undefined && globals.deviceId !== undefined && args.serial !== globals.deviceId) {
      throw new ClawperatorError(
        "USAGE",
        `virtual stop got two devices: ${args.serial} and --device-id ${globals.deviceId}`,
      );
    }
    const serial = args.serial ?? globals.deviceId;
    if (!args.all && serial === undefined)
      throw new ClawperatorError(
        "USAGE",
        "virtual stop needs a serial or --device-id (see `clawperator virtual list`), or --all",
      );
    const running = listRecords();
    const targets = args.all ? running : running.filter((r) => r.serial === serial);
    if (!args.all && targets.length === 0) {
      throw new ClawperatorError("DEVICE_NOT_FOUND", `no running virtual device ${serial}`, {
        hint: running.length ? `Running: ${running.map((r) => r.serial).join(", ")}` : "No virtual device is running.",
        details: { deviceId: serial },
      });
    }
    await Promise.all(targets.map(stopOne));
    const events = services.resolve(EventBus);
    for (const { serial: deviceId } of targets) events.emit("clawperator:device-removed", { deviceId });
    return { ok: true, stopped: targets.map((r) => r.serial) };
  },
  pretty(result) {
    const { stopped } = result;
    return stopped.length ? stopped.map((serial) => `stopped ${serial}`).join("\n") : "no virtual device was running";
  },
});

export default stop;
