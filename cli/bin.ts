#!/usr/bin/env node
// Entry point, built as a small CommonJS file (dist/cli/bin.cjs) beside the CLI's ES module bundle (dist/cli/code).
// `--version` alone is answered here, before Node's ES module loader is even set up; every other call enables
// Node's compile cache (where Node has one) and imports the bundle.
import module from "node:module";
import { packageVersion } from "../core/package-version.ts";
import { compileCacheDir } from "./compile-cache-dir.ts";

const argv = process.argv.slice(2);

async function run(): Promise<void> {
  if (argv.length === 1 && argv[0] === "--version") {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  // Node >= 22.1 keeps the compiled code of the bundle and of what it imports (a TypeScript config's transpiler,
  // user plugins) between runs. Node 20 has no such cache.
  const { enableCompileCache } = module as { enableCompileCache?: (directory: string) => unknown };
  if (enableCompileCache) {
    const directory = compileCacheDir();
    if (directory) enableCompileCache(directory);
  }
  const { main } = await import("./main.ts");
  process.exitCode = await main(argv);
}

// CommonJS has no top-level await.
void run();
