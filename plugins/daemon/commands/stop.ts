import type { CommandHandler } from "../../../core/kernel/index.ts";
import { controlRuntime } from "../../../core/daemon/control.ts";

interface Stopped {
  stopped: boolean;
  pid?: number;
  /** The spare MCP server that was waiting, stopped too (sessions already served by one go on). */
  spare?: { stopped: true; pid?: number };
}

const stop: CommandHandler = {
  run: async (): Promise<Stopped> => {
    const [runtime, spare] = await Promise.all([controlRuntime("stop"), controlRuntime("stop", "mcp")]);
    return {
      stopped: runtime !== undefined,
      ...(runtime?.pid === undefined ? {} : { pid: runtime.pid }),
      ...(spare && { spare: { stopped: true, ...(spare.pid === undefined ? {} : { pid: spare.pid }) } }),
    };
  },
  pretty: (value) => {
    const s = value as Stopped;
    const spare = s.spare ? "; the spare MCP server stopped" : "";
    return (s.stopped ? "the warm runtime stopped" : "no warm runtime was running") + spare;
  },
};

export default stop;
