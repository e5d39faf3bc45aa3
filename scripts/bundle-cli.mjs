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
  banner: {
    js: 'import { createRequire as __clawperatorRequire } from "node:module"; const require = __clawperatorRequire(import.meta.url);',
  },
  // cosmiconfig requires TypeScript only for its own .ts loader (clawperator loads .ts configs itself) and js-yaml
  // only for YAML files; left out of the bundle, they cost nothing when no such file is read.
  external: ["typescript", "js-yaml"],
  // tsyringe's ES module build, not its CommonJS main: the decorators and most of tslib, which clawperator does
  // not use, are left out instead of being compiled at every start.
  alias: { tsyringe: "tsyringe/dist/esm2015/index.js" },
  logLevel: "warning",
};

/**
 * The client of the warm runtime (cli/daemon/client.ts) is what nearly every call loads after bin.js: one file of
 * its own that imports only Node's modules, not a chunk of this bundle and the shared chunks it would import.
 */
const CLIENT = "./client.js";
const clientApart = {
  name: "client-apart",
  setup(b) {
    b.onResolve({ filter: /\/daemon\/client\.ts$/ }, ({ importer }) =>
      importer === resolve("cli/bin.ts") ? { path: CLIENT, external: true } : undefined,
    );
  },
};

/**
 * Modules the device commands (observe, action, execute, devices) load right after their own: the adb transport,
 * the execution hooks and the single-step runner; and `observe snapshot` itself, the command agents run most
 * (0.5 KB over the runner). In the start-up chunk they cost no lazy load of their own (three more sequential
 * loads for a snapshot), and a command that never uses them only their compile (~30 KB).
 */
const WITH_STARTUP = [
  "plugins/adb/transport-factory.ts",
  "plugins/operator/hooks/index.ts",
  "plugins/operator/commands/run-actions.ts",
  "android/operator/render-result.ts",
  "plugins/operator/commands/observe-snapshot.ts",
];

/**
 * esbuild puts each file in the chunk of the exact set of entry points (lazy imports) that reach it, so the
 * modules every command loads through cli/main.ts were scattered over ~25 small shared chunks, each one more file
 * for Node to read, resolve and link (~10 ms in all). A first pass finds them (the static closure of cli/main.ts
 * and WITH_STARTUP) and the lazily imported modules; cli/main.ts and each lazy module then also import them all,
 * after their own imports, which gives them one set of entry points and so one chunk. For a lazy module that
 * import costs nothing at run time: it is only ever loaded after cli/main.ts, so they are already evaluated.
 */
async function startupGraph() {
  const { metafile } = await build({
    ...options,
    plugins: [clientApart],
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
  startup.delete("cli/main.ts");
  // cli/main.ts imports them too, for WITH_STARTUP. What cli/bin.ts loads for `--version` must not: it loads first.
  const lazy = (input) =>
    input.imports.filter((r) => r.kind === "dynamic-import" && !r.external).map((r) => resolve(r.path));
  // The runtime (cli/daemon/server.ts) loads cli/main.ts itself: it is not loaded before it.
  const beforeMain = new Set(lazy(inputs["cli/bin.ts"]).filter((module) => module !== resolve("cli/daemon/server.ts")));
  const importers = new Set([resolve("cli/main.ts")]);
  for (const [path, input] of Object.entries(inputs)) {
    if (path !== "cli/bin.ts") for (const module of lazy(input)) if (!beforeMain.has(module)) importers.add(module);
  }
  // A lazy import of a module already in the start-up chunk would only open a one-line facade file: made static.
  const inlined = new Map();
  for (const [path, input] of Object.entries(inputs)) {
    const specifiers = input.imports
      .filter((r) => r.kind === "dynamic-import" && startup.has(r.path))
      .map((r) => r.original);
    if (path !== "cli/bin.ts" && specifiers.length) inlined.set(resolve(path), specifiers);
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

rmSync("dist/cli/chunks", { recursive: true, force: true });
await build({ ...options, plugins: [clientApart, startupChunk] });
await build({
  entryPoints: { client: "cli/daemon/client.ts" },
  outdir: "dist/cli",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
chmodSync("dist/cli/bin.js", 0o755);
