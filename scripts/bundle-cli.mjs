// Bundles the CLI into dist/cli/bin.js plus lazily loaded chunks. Node 20 resolves and links every ESM file
// separately (zod alone is ~95 files); one bundle with a chunk per lazy import halves a command's start-up.
// tsc's per-file output stays in dist/ for the package's library exports.
import { build } from "esbuild";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const options = {
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
};

/**
 * esbuild puts each file in the chunk of the exact set of entry points (lazy imports) that reach it, so the
 * modules every command loads through cli/main.ts were scattered over ~25 small shared chunks, each one more file
 * for Node to read, resolve and link (~10 ms in all). A first pass finds them (the static closure of cli/main.ts)
 * and the lazily imported modules; each lazy module then also imports them all, which gives them one set of
 * entry points and so one chunk. That import costs nothing at run time: a lazy module is only ever loaded after
 * cli/main.ts, so they are already evaluated.
 */
async function startupGraph() {
  const { metafile } = await build({ ...options, write: false, metafile: true, logLevel: "silent" });
  const { inputs } = metafile;
  const hot = new Set();
  const visit = (path) => {
    if (hot.has(path) || path.startsWith("node_modules/")) return;
    hot.add(path);
    for (const record of inputs[path]?.imports ?? []) if (record.kind === "import-statement" && !record.external) visit(record.path);
  };
  visit("cli/main.ts");
  hot.delete("cli/main.ts");
  const lazy = new Set();
  for (const [path, input] of Object.entries(inputs)) {
    if (path === "cli/bin.ts") continue; // its lazy imports (main, --version) run first, before anything is loaded
    for (const record of input.imports) if (record.kind === "dynamic-import" && !record.external) lazy.add(resolve(record.path));
  }
  return { hot: [...hot].map((path) => resolve(path)), lazy };
}

const { hot, lazy } = await startupGraph();
const startupChunk = {
  name: "startup-chunk",
  setup(b) {
    b.onResolve({ filter: /^clawperator:startup$/ }, () => ({ path: "startup", namespace: "clawperator-startup" }));
    b.onLoad({ filter: /.*/, namespace: "clawperator-startup" }, () => ({
      contents: hot.map((path) => `import ${JSON.stringify(path)};`).join("\n"),
      resolveDir: process.cwd(),
      loader: "js",
    }));
    b.onLoad({ filter: /\.ts$/ }, ({ path }) => (lazy.has(path) ? { contents: `import "clawperator:startup";\n${readFileSync(path, "utf8")}`, loader: "ts" } : undefined));
  },
};

rmSync("dist/cli/chunks", { recursive: true, force: true });
await build({ ...options, plugins: [startupChunk] });
chmodSync("dist/cli/bin.js", 0o755);
