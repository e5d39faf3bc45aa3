import type { CommandHandler } from "../../../core/kernel/index.ts";
import { controlRuntime, type RuntimeStatus } from "../../../core/daemon/control.ts";
import { socketPath } from "../../../core/daemon/paths.ts";

const status: CommandHandler = {
  run: async (): Promise<RuntimeStatus> => ({
    running: false,
    ...(await controlRuntime("status")),
    socket: socketPath(),
  }),
  pretty(value) {
    const s = value as RuntimeStatus;
    if (!s.running) return `no warm runtime is running (the next command starts one; socket ${s.socket})`;
    return `running: pid ${s.pid}, since ${s.startedAt}, ${s.requests} requests, idle timeout ${s.idleTimeoutMs} ms\nbuild ${s.build}\nsocket ${s.socket}`;
  },
};

export default status;
