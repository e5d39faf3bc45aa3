// What cli/bin.ts takes from the CLI's chunks: this is their entry (dist/cli/code/cli.js, see scripts/bundle-cli.mjs).
import type { RuntimeRole } from "../core/daemon/paths.ts";

export { main, mainInProcess, reportLostRuntime, startRuntime } from "./main.ts";

/** The warm runtime (or a spare MCP server): loaded only in its own process, so no other call evaluates its modules. */
export const serveRuntime = async (binPath: string, role: RuntimeRole): Promise<void> =>
  (await import("./daemon/server.ts")).serveRuntime(binPath, role);
