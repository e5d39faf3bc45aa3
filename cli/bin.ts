#!/usr/bin/env node
// Entry point. `--version` alone is answered before anything else loads, so it costs about a bare node start. Any
// other call goes to this user's warm runtime when it can (cli/daemon), else runs here.
import module from "node:module";
import { fileURLToPath } from "node:url";

// Node >= 22.1 keeps compiled code between runs (most of a command's start-up is compiling the bundle's chunks), in
// the user's private cache, never in its default folder of the shared temp directory.
async function enableCompileCache(): Promise<void> {
  const { enableCompileCache } = module as { enableCompileCache?: (directory: string) => unknown };
  if (!enableCompileCache) return;
  const directory = (await import("./compile-cache.ts")).compileCacheDir();
  if (directory) enableCompileCache(directory);
}

const argv = process.argv.slice(2);
const binPath = fileURLToPath(import.meta.url);
if (argv.length === 1 && argv[0] === "--version") {
  const { packageVersion } = await import("../core/package-version.ts");
  process.stdout.write(`${packageVersion()}\n`);
} else if (argv.length === 1 && argv[0] === "__clawperator-runtime") {
  await enableCompileCache();
  await (await import("./daemon/server.ts")).serveRuntime(binPath);
} else {
  // Node flags of this call (a loader, an inspector) would not apply in the runtime: such a call runs here.
  const viaRuntime = process.env.CLAWPERATOR_NO_DAEMON !== "1" && process.execArgv.length === 0;
  const code = viaRuntime
    ? await (await import("./daemon/client.ts")).runViaRuntime(argv, binPath, () => import("./main.ts"))
    : undefined;
  if (code === undefined) {
    await enableCompileCache();
    const { main } = await import("./main.ts");
    process.exitCode = await main(argv);
  } else process.exitCode = code;
}
