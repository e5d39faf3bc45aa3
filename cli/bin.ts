#!/usr/bin/env node
// Entry point. `--version` alone is answered before anything else loads, so it costs about a bare node start.
import module from "node:module";

// Node >= 22.1 keeps compiled code between runs (most of a command's start-up is compiling the bundle's chunks), in
// the user's private cache, never in its default folder of the shared temp directory.
const { enableCompileCache } = module as { enableCompileCache?: (directory: string) => unknown };
if (enableCompileCache) {
  const directory = (await import("./compile-cache.ts")).compileCacheDir();
  if (directory) enableCompileCache(directory);
}

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === "--version") {
  const { packageVersion } = await import("../core/package-version.ts");
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { main } = await import("./main.ts");
  process.exitCode = await main(argv);
}
