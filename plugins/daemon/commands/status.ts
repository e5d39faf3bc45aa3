import type { CommandHandler } from "../../../core/kernel/index.ts";
import { controlRuntime, type RuntimeStatus } from "../../../core/daemon/control.ts";
import { socketPath } from "../../../core/daemon/paths.ts";

/** The runtime's status, and the spare MCP server's when one is waiting for the next `clawperator mcp`. */
interface Status extends RuntimeStatus {
  spare?: { pid?: number; build?: string; startedAt?: string; socket: string };
}

const status: CommandHandler = {
  run: async (): Promise<Status> => {
    const [runtime, spare] = await Promise.all([controlRuntime("status"), controlRuntime("status", "mcp")]);
    return {
      running: false,
      ...runtime,
      socket: socketPath(),
      ...(spare && {
        spare: {
          pid: spare.pid,
          build: spare.build,
          startedAt: spare.startedAt,
          socket: socketPath(process.env, "mcp"),
        },
      }),
    };
  },
  pretty(value) {
    const s = value as Status;
    const spare = s.spare ? `\na spare MCP server waits for the next \`clawperator mcp\`: pid ${s.spare.pid}` : "";
    if (!s.running) return `no warm runtime is running (the next command starts one; socket ${s.socket})${spare}`;
    return `running: pid ${s.pid}, since ${s.startedAt}, ${s.requests} requests, idle timeout ${s.idleTimeoutMs} ms\nbuild ${s.build}\nsocket ${s.socket}${spare}`;
  },
};

export default status;
