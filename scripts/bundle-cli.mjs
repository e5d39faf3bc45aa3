// Bundles the CLI into dist/cli/bin.js plus lazily loaded chunks. Node 20 resolves and links every ESM file
// separately (zod alone is ~95 files); one bundle with a chunk per lazy import halves a command's start-up.
// tsc's per-file output stays in dist/ for the package's library exports.
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";

rmSync("dist/cli/chunks", { recursive: true, force: true });
await build({
  entryPoints: { bin: "cli/bin.ts" },
  outdir: "dist/cli",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // CommonJS dependencies bundled into ESM call require() for Node built-ins.
  banner: { js: 'import { createRequire as __clawperatorRequire } from "node:module"; const require = __clawperatorRequire(import.meta.url);' },
  // cosmiconfig requires TypeScript only for its own .ts loader (clawperator loads .ts configs itself) and js-yaml
  // only for YAML files; left out of the bundle, they cost nothing when no such file is read.
  external: ["typescript", "js-yaml"],
  logLevel: "warning",
});
chmodSync("dist/cli/bin.js", 0o755);
