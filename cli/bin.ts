#!/usr/bin/env node
// Entry point. `--version` alone is answered before anything else loads, so it costs about a bare node start. Any
// other call goes to this user's warm runtime when it can (cli/daemon), else runs here from the CLI's chunks.
// Built as one CommonJS file, dist/cli/bin.cjs: on Node 20 an ES module entry loads Node's ES module loader
// (~9 ms of every call, the streams and fs/promises with it), which nothing on a command's path needs.
import module from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadedChunks } from "./code-cache/load-chunks.ts";

type Cli = typeof import("./cli-bundle.ts");

// Node >= 22.1 keeps compiled code between runs for what the bundle imports from outside it (a TypeScript config's
// transpiler, user plugins), in the user's private cache, never in its default folder of the shared temp directory.
async function enableCompileCache(): Promise<void> {
  const { enableCompileCache } = module as { enableCompileCache?: (directory: string) => unknown };
  if (!enableCompileCache) return;
  const directory = (await import("./compile-cache.ts")).compileCacheDir();
  if (directory) enableCompileCache(directory);
}

const argv = process.argv.slice(2);
const binPath = fileURLToPath(import.meta.url);

let loaded: LoadedChunks | undefined;
/** The CLI (dist/cli/code), compiled from the code cache of this command's (or a runtime's, by `key`) earlier calls. */
async function cli(key?: string): Promise<LoadedChunks & { exports: Cli }> {
  if (!loaded) {
    await enableCompileCache();
    const { commandKey, loadChunks } = await import("./code-cache/load-chunks.ts");
    loaded = loadChunks(join(dirname(binPath), "code"), "cli.js", key ?? commandKey(argv));
  }
  return loaded as LoadedChunks & { exports: Cli };
}

async function run(): Promise<void> {
  if (argv.length === 1 && argv[0] === "--version") {
    const { packageVersion } = await import("../core/package-version.ts");
    process.stdout.write(`${packageVersion()}\n`);
  } else if (argv.length === 1 && (argv[0] === "__clawperator-runtime" || argv[0] === "__clawperator-mcp-spare")) {
    const spare = argv[0] === "__clawperator-mcp-spare";
    const runtime = await cli(spare ? "mcp-spare" : "runtime");
    process.once("exit", () => runtime.saveCaches());
    await runtime.exports.serveRuntime(binPath, spare ? "mcp" : "daemon");
  } else {
    // Node flags of this call (a loader, an inspector) would not apply in the runtime: such a call runs here.
    const viaRuntime = process.env.CLAWPERATOR_NO_DAEMON !== "1" && process.execArgv.length === 0;
    const code = viaRuntime
      ? await (await import("./daemon/client.ts")).runViaRuntime(argv, binPath, async () => (await cli()).exports)
      : undefined;
    if (code === undefined) {
      const here = await cli();
      process.exitCode = await here.exports.mainInProcess(argv, binPath, viaRuntime);
      // After the call: the cache then holds the functions it compiled, not only the top level.
      if (process.exitCode === 0) here.saveCaches();
    } else process.exitCode = code;
  }
}

// Built as CommonJS (scripts/bundle-cli.mjs), which has no top-level await.
void run();
