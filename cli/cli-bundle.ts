// What cli/bin.ts takes from the CLI's chunks: this is their entry (dist/cli/code/cli.js, see scripts/bundle-cli.mjs).
export { main, reportLostRuntime, startRuntime } from "./main.ts";

/** The warm runtime: loaded only in the runtime's own process, so no other call evaluates its modules. */
export const serveRuntime = async (binPath: string): Promise<void> =>
  (await import("./daemon/server.ts")).serveRuntime(binPath);
