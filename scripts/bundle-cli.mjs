// Bundles the CLI with esbuild: dist/cli/code/ (ES modules: the entry chunk, one start-up chunk, lazily loaded
// chunks) and dist/cli/bin.cjs, the small entry that answers `--version` and imports the bundle. tsc's per-file
// output stays in dist/ for the package's library exports.
import { build } from "esbuild";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning" };
const CLI_ENTRY = "cli/main.ts";
const CODE = "dist/cli/code";
const BIN = "dist/cli/bin.cjs";

/**
 * zod re-exports all of its ~50 message locales (`z.locales`) and configures English: every chunk that holds zod
 * would carry the translations nothing here selects. The bundle's `z.locales` holds English only; the package's own
 * per-file output (dist/) is left as zod made it.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(importer)
        ? { path: resolve(importer, "../../locales/en.js"), namespace: "zod-english-only" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-english-only" }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      resolveDir: process.cwd(),
      loader: "js",
    }));
  },
};

const cliOptions = {
  ...common,
  entryPoints: { cli: CLI_ENTRY },
  outdir: CODE,
  chunkNames: "[name]-[hash]",
  splitting: true,
  format: "esm",
  // Text to read and parse at every start: whitespace and syntax minified, names kept for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  // cosmiconfig requires TypeScript only for its own .ts loader (clawperator loads .ts configs itself) and js-yaml
  // only for YAML files; left out of the bundle, they cost nothing when no such file is read.
  external: ["typescript", "js-yaml"],
  // tsyringe's ES module build, not its CommonJS main: the decorators and most of tslib, which clawperator does
  // not use, are left out.
  alias: { tsyringe: "tsyringe/dist/esm2015/index.js" },
  // CommonJS dependencies bundled as ES modules (cosmiconfig, jiti's loader) call require() for Node's modules.
  banner: {
    js: 'import { createRequire as __clawperatorRequire } from "node:module"; const require = __clawperatorRequire(import.meta.url);',
  },
  plugins: [zodEnglishOnly],
};

/**
 * esbuild puts each module in the chunk of the exact set of entry points (lazy imports included) that reach it, so
 * the modules every command loads would be scattered over dozens of small shared chunks, each one more file for
 * Node to read, resolve and link. A first pass finds them (the static closure of cli/main.ts) and the lazily
 * imported modules; the entry and each lazy module then also import one virtual module that imports
 * them all, which gives them one set of entry points and so one chunk. For a lazy module that import costs nothing
 * at run time: it only ever loads after the entry, which has evaluated them already.
 */
async function startupGraph() {
  const { metafile } = await build({ ...cliOptions, write: false, metafile: true, logLevel: "silent" });
  const { inputs } = metafile;
  const startup = new Set();
  const visit = (path) => {
    if (startup.has(path) || path.startsWith("node_modules/")) return; // dependencies follow their importers
    startup.add(path);
    for (const record of inputs[path]?.imports ?? [])
      if (record.kind === "import-statement" && !record.external) visit(record.path);
  };
  visit(CLI_ENTRY);
  const importers = new Set([resolve(CLI_ENTRY)]);
  for (const input of Object.values(inputs))
    for (const record of input.imports)
      if (record.kind === "dynamic-import" && !record.external) importers.add(resolve(record.path));
  return { startup: [...startup].map((path) => resolve(path)), importers };
}

const { startup, importers } = await startupGraph();
const startupChunk = {
  name: "startup-chunk",
  setup(b) {
    b.onResolve({ filter: /^clawperator:startup$/ }, () => ({ path: "startup", namespace: "clawperator-startup" }));
    b.onLoad({ filter: /.*/, namespace: "clawperator-startup" }, () => ({
      contents: startup.map((path) => `import ${JSON.stringify(path)};`).join("\n"),
      resolveDir: process.cwd(),
      loader: "js",
    }));
    b.onLoad({ filter: /\.ts$/ }, ({ path }) =>
      importers.has(path)
        ? { contents: `${readFileSync(path, "utf8")}\nimport "clawperator:startup";\n`, loader: "ts" }
        : undefined,
    );
  },
};

rmSync(CODE, { recursive: true, force: true });
await build({ ...cliOptions, plugins: [...cliOptions.plugins, startupChunk] });

/** The entry's import of cli/main.ts is the bundle's entry chunk, loaded by Node at run time. */
const bundleEntry = {
  name: "bundle-entry",
  setup(b) {
    b.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: "./code/cli.js", external: true }));
  },
};
// CommonJS: on Node 20 an ES module entry sets up the ES module loader, which `--version` does not need.
await build({
  ...common,
  entryPoints: ["cli/bin.ts"],
  outfile: BIN,
  format: "cjs",
  define: { "import.meta.url": "__clawperatorBinUrl" },
  banner: { js: 'const __clawperatorBinUrl = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [bundleEntry],
});
chmodSync(BIN, 0o755);
