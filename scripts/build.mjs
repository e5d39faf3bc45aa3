// `npm run build`: tsc's per-file output (the package's library entry points), the CLI bundle (esbuild) and the
// agent tools' descriptions, each step saying what it does. The build records a hash of its inputs in dist/; a build
// whose inputs are unchanged since then is skipped (`npm pack` after `npm test` rebuilds nothing). `--force`
// builds anyway; `--allow-type-errors` goes on past tsc's type errors (tsc still emits), records nothing, and
// fails only when the bundle cannot be made (the test suite's setup, while other work is in progress).
// `--bundle-only` makes the CLI bundle alone, which is all `npm run demo` runs (seconds, against tsc's minute).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { execa } from "execa";

const root = resolve(import.meta.dirname, "..");
const STAMP = join(root, "dist", ".build-inputs");
const DIRS = ["core", "android", "plugins", "runtime", "cli", "config", "testing", "scripts"];
const FILES = ["index.ts", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];
const OUTPUTS = ["dist/index.js", "dist/cli/bin.cjs", "dist/cli/tool-descriptions.json"];
const force = process.argv.includes("--force");
const allowTypeErrors = process.argv.includes("--allow-type-errors");
const bundleOnly = process.argv.includes("--bundle-only");

/** Every input file under `dir` (sources, scripts, static files; not the generated skills). */
function filesUnder(dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith("plugins/openclaw/generated-skills/"));
}

function inputsHash() {
  const hash = createHash("sha256");
  for (const path of [...FILES, ...DIRS.flatMap(filesUnder)].sort()) {
    if (!existsSync(join(root, path))) continue;
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const step = async (what, file, args) => {
  const started = Date.now();
  process.stderr.write(`build: ${what} …\n`);
  const result = await execa(file, args, { cwd: root, preferLocal: true, reject: false, all: true });
  process.stderr.write(`build: ${what}: ${result.exitCode === 0 ? "done" : "failed"} in ${Date.now() - started} ms\n`);
  if (result.all) process.stderr.write(`${result.all}\n`);
  return result.exitCode === 0;
};

if (bundleOnly) {
  const bundled = await step("bundling the CLI (esbuild, dist/cli/; the library's files are npm run build's)", "node", [
    "scripts/bundle-cli.mjs",
  ]);
  process.exit(bundled ? 0 : 1);
}

const hash = inputsHash();
const current =
  !force &&
  OUTPUTS.every((path) => existsSync(join(root, path))) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, "utf8").trim() === hash;
if (current) {
  process.stderr.write("build: dist/ is current (built from these sources); nothing to do (--force rebuilds)\n");
  process.exit(0);
}
rmSync(STAMP, { force: true });
const typed = await step("compiling TypeScript (tsc, the library's files in dist/; the longest step)", "tsc", [
  "-p",
  "tsconfig.build.json",
]);
if (!typed && !allowTypeErrors) process.exit(1);
if (!(await step("bundling the CLI (esbuild, dist/cli/)", "node", ["scripts/bundle-cli.mjs"]))) process.exit(1);
if (!(await step("writing the agent tools' descriptions", "node", ["scripts/tool-descriptions.mjs"]))) process.exit(1);
if (typed) writeFileSync(STAMP, `${hash}\n`);
