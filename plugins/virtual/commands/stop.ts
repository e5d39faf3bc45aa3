import { connect } from "node:net";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import { listRecords, removeRecord, type VirtualDeviceRecord } from "../registry.ts";

/** Resolves when the device's adb port closes, i.e. when its process has shut down (no polling). */
function portClosed(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => resolve());
    socket.on("close", () => resolve());
  });
}

/** `virtual stop <serial>` (or `--all`): SIGTERM the device process and wait until it has let go of its port. */
const stop: CommandHandler<{ serial?: string; all?: boolean }> = {
  async run({ args }) {
    const running = listRecords();
    const targets = args.all ? running : running.filter((r) => r.serial === args.serial);
    if (!args.all && args.serial === undefined) throw new ClawperatorError("USAGE", "virtual stop needs a serial (see `clawperator virtual list`) or --all");
    if (!args.all && targets.length === 0) {
      throw new ClawperatorError("DEVICE_NOT_FOUND", `no running virtual device ${args.serial}`, {
        hint: running.length ? `Running: ${running.map((r) => r.serial).join(", ")}` : "No virtual device is running.",
        details: { deviceId: args.serial },
      });
    }
    await Promise.all(targets.map(async (record: VirtualDeviceRecord) => {
      const closed = portClosed(record.port);
      try {
        process.kill(record.pid, "SIGTERM");
        await closed;
      } catch {
        // already gone
      }
      removeRecord(record.serial);
    }));
    return { ok: true, stopped: targets.map((r) => r.serial) };
  },
};

export default stop;
