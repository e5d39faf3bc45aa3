// Bundles the CLI: dist/cli/bin.cjs (the entry: `--version`, the warm runtime's client, the loader) and dist/cli/code/
// (the rest: a start-up chunk and lazily loaded chunks).
// Node 20 resolves and links every ESM file separately (zod alone is ~95 files) and keeps no compiled code between
// runs, and most of a command's start-up was compiling. So the chunks are built as ES modules, then each is turned
// into CommonJS and run by cli/code-cache through vm.Script with V8's code cache, the one cache API V8 offers
// without flags. tsc's per-file output stays in dist/ for the package's library exports.
import { build, transform } from "esbuild";
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning" };
const CLI_ENTRY = "cli/cli-bundle.ts";
const CODE = "dist/cli/code";
const BIN = "dist/cli/bin.cjs";
/**
 * zod re-exports all of its ~50 message locales (`z.locales`) and configures English: every chunk that holds zod
 * (the CLI's validation, serve, mcp) carried 366 KB of translations that nothing here selects. The bundle's
 * `z.locales` holds English only; the package's own per-file output (dist/) is left as zod made it.
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
  // cosmiconfig requires TypeScript only for its own .ts loader (clawperator loads .ts configs itself) and js-yaml
  // only for YAML files; left out of the bundle, they cost nothing when no such file is read.
  external: ["typescript", "js-yaml"],
  // tsyringe's ES module build, not its CommonJS main: the decorators and most of tslib, which clawperator does
  // not use, are left out instead of being compiled at every start.
  alias: { tsyringe: "tsyringe/dist/esm2015/index.js" },
  plugins: [zodEnglishOnly],
};

/**
 * Modules the device commands (observe, action, execute, devices) load right after their own: the adb transport,
 * the execution hooks, the single-step runner and the CLI's view state, which every execution notes its dispatch in;
 * and `observe snapshot` itself, the command agents run most (0.5 KB over the runner). In the start-up chunk they
 * cost no lazy load of their own (six more sequential loads for a snapshot), and a command that never uses them
 * only their compile (~35 KB).
 */
const WITH_STARTUP = [
  "plugins/adb/transport-factory.ts",
  "plugins/operator/hooks/index.ts",
  "plugins/operator/commands/run-actions.ts",
  "android/operator/render-result.ts",
  "plugins/operator/commands/observe-snapshot.ts",
  "plugins/operator/views/view-state.ts",
  "plugins/operator/views/file-store.ts",
  "plugins/operator/views/note-dispatch.ts",
];

/**
 * esbuild puts each file in the chunk of the exact set of entry points (lazy imports) that reach it, so the
 * modules every command loads through cli/main.ts were scattered over ~25 small shared chunks, each one more file
 * for Node to read, resolve and link (~10 ms in all). A first pass finds them (the static closure of cli/main.ts
 * and WITH_STARTUP) and the lazily imported modules; cli/cli-bundle.ts and each lazy module then also import them all,
 * after their own imports, which gives them one set of entry points and so one chunk. For a lazy module that
 * import costs nothing at run time: it is only ever loaded after cli/main.ts, so they are already evaluated.
 */
async function startupGraph() {
  const { metafile } = await build({
    ...cliOptions,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const { inputs } = metafile;
  const startup = new Set();
  const visit = (path) => {
    if (startup.has(path) || path.startsWith("node_modules/")) return; // dependencies follow their importers
    startup.add(path);
    for (const record of inputs[path]?.imports ?? [])
      if (record.kind === "import-statement" && !record.external) visit(record.path);
  };
  for (const root of ["cli/main.ts", ...WITH_STARTUP]) {
    if (!inputs[root]) throw new Error(`bundle-cli: ${root} is not part of the CLI`);
    visit(root);
  }
  const lazy = (input) =>
    input.imports.filter((r) => r.kind === "dynamic-import" && !r.external).map((r) => resolve(r.path));
  const importers = new Set([resolve(CLI_ENTRY)]);
  for (const input of Object.values(inputs)) for (const module of lazy(input)) importers.add(module);
  // A lazy import of a module already in the start-up chunk would only open a one-line facade file: made static.
  const inlined = new Map();
  for (const [path, input] of Object.entries(inputs)) {
    const specifiers = input.imports
      .filter((r) => r.kind === "dynamic-import" && startup.has(r.path))
      .map((r) => r.original);
    if (specifiers.length) inlined.set(resolve(path), specifiers);
  }
  return { startup: [...startup].map((path) => resolve(path)), importers, inlined };
}

const { startup, importers, inlined } = await startupGraph();
const startupChunk = {
  name: "startup-chunk",
  setup(b) {
    b.onResolve({ filter: /^clawperator:startup$/ }, () => ({ path: "startup", namespace: "clawperator-startup" }));
    b.onLoad({ filter: /.*/, namespace: "clawperator-startup" }, () => ({
      contents: startup.map((path) => `import ${JSON.stringify(path)};`).join("\n"),
      resolveDir: process.cwd(),
      loader: "js",
    }));
    b.onLoad({ filter: /\.ts$/ }, ({ path }) => {
      if (!importers.has(path) && !inlined.has(path)) return undefined;
      let contents = readFileSync(path, "utf8");
      (inlined.get(path) ?? []).forEach((specifier, i) => {
        const name = `__clawperatorStartup${i}`;
        contents = `${contents.replaceAll(`import(${JSON.stringify(specifier)})`, `Promise.resolve(${name})`)}\nimport * as ${name} from ${JSON.stringify(specifier)};\n`;
      });
      if (importers.has(path)) contents += `\nimport "clawperator:startup";\n`;
      return { contents, loader: "ts" };
    });
  },
};

/**
 * One chunk as CommonJS for cli/code-cache. esbuild writes each import() as `Promise.resolve().then(() =>
 * __toESM(require(x)))`; that becomes the loader's `__clawperatorImport(((x)))`, which runs another chunk through
 * the same cache and hands anything else (a user's config or plugin) to Node's import(). (import() left in the
 * chunk would need vm's experimental dynamic-import option, which Node 20 drops for code from the cache.) The loader
 * passes the chunk's URL for import.meta.url and reads the file as one-byte text: esbuild escapes strings, regular
 * expressions and names, and the comments it keeps are escaped here.
 */
async function toCommonJs(file) {
  const { code } = await transform(readFileSync(file, "utf8"), {
    format: "cjs",
    platform: "node",
    target: "node20",
    charset: "ascii",
    define: { "import.meta.url": "__clawperatorUrl" },
    supported: { "dynamic-import": false },
  });
  const imports = /Promise\.resolve\(\)\.then\(\(\) => __toESM\d*\(require\(/g;
  // Then without the whitespace and with shorter syntax (names are kept, for stack traces): every call reads the
  // chunks it runs and turns them into a string, which this machine does at ~150 MB/s (bench/RESULTS.md).
  const { code: cjs } = await transform(code.replace(imports, "__clawperatorImport((("), {
    minifyWhitespace: true,
    minifySyntax: true,
    charset: "ascii",
    platform: "node",
    target: "node20",
  });
  if (/(?<![.\w$])import\(/.test(cjs.replace(/\/\*[\s\S]*?\*\/|\/\/.*|`[^`]*`/g, "")))
    throw new Error(`bundle-cli: ${file} still calls import() after its conversion`);
  writeFileSync(
    file,
    cjs.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
}

// What earlier builds wrote for the entry (an ES module with chunks of its own and a client file) goes too.
for (const old of [CODE, "dist/cli/chunks", "dist/cli/bin.js", "dist/cli/client.js"])
  rmSync(old, { recursive: true, force: true });
await build({ ...cliOptions, plugins: [...cliOptions.plugins, startupChunk] });
await Promise.all(readdirSync(CODE).map((name) => toCommonJs(join(CODE, name))));
// The entry, with what it imports lazily (the warm runtime's client, the chunk loader), as one CommonJS file: an
// ES module entry would load Node 20's ES module loader on every call. The client imports only Node's modules.
await build({
  ...common,
  entryPoints: ["cli/bin.ts"],
  outfile: BIN,
  format: "cjs",
  define: { "import.meta.url": "__clawperatorBinUrl" },
  banner: { js: 'const __clawperatorBinUrl = require("node:url").pathToFileURL(__filename).href;' },
});
chmodSync(BIN, 0o755);
