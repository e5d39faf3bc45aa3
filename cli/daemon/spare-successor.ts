import type { Kernel } from "../../core/kernel/index.ts";
import { EventBus } from "../../core/services/event-bus.ts";
import type { BootOptions } from "../../runtime/boot.ts";

type Boot = (options: BootOptions) => Promise<Kernel>;

export interface SpareSuccessor {
  /** Boots as `boot` does, and starts the spare once the session the kernel serves is up. */
  boot: Boot;
  /** Starts the spare now unless it was started (a session that ended before its client listed the tools). */
  start(): Promise<void>;
}

/**
 * The spare MCP server that will serve the next `clawperator mcp`, started by the session at hand once it is up
 * (it answered its client's first tools/list), so that the spare's own start does not slow this one's on a busy
 * machine, or when the session ends well, whichever comes first.
 */
export function spareSuccessor(boot: Boot, binPath: string): SpareSuccessor {
  let started: Promise<void> | undefined;
  const start = () => {
    started ??= import("./start-runtime.ts").then(({ startSpare }) => startSpare(binPath));
    return started;
  };
  return {
    async boot(options) {
      const kernel = await boot(options);
      const off = kernel.services.resolve(EventBus).on("clawperator:mcp-ready", () => {
        off();
        void start();
      });
      return kernel;
    },
    start,
  };
}
