import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheDirOf, commandKey, loadChunks } from "../../cli/code-cache/load-chunks.ts";
import { REPO_ROOT } from "../helpers/cli-paths.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-code-cache-");
/** The loader as the build ships it (the vitest global setup builds dist/). */
const LOADER = join(REPO_ROOT, "dist/cli/code-cache/load-chunks.js");
const saved = process.env.CLAWPERATOR_HOME;
let code = "";

// Chunks as the build writes them: CommonJS that requires and imports its sibling chunks.
const CHUNKS = {
  "cli.js": [
    'const b = require("./chunk-b.js");',
    "exports.value = b.x + 1;",
    "exports.url = __clawperatorUrl;",
    'exports.lazy = () => __clawperatorImport("./chunk-c.js");',
    'exports.path = require("node:path").basename(__filename);',
  ].join("\n"),
  "chunk-b.js": "exports.x = 41;",
  "chunk-c.js": 'exports.c = "c";',
};

beforeEach(async () => {
  process.env.CLAWPERATOR_HOME = join(await makeDir(), "home");
  code = await makeDir(CHUNKS);
});
afterEach(() => {
  if (saved === undefined) delete process.env.CLAWPERATOR_HOME;
  else process.env.CLAWPERATOR_HOME = saved;
});

const cacheFiles = (dir: string) => readdirSync(dir).sort();

/**
 * A run of the chunks in a process of its own, as each CLI call is (V8 keeps what it compiled for the process's
 * life, so a second load here would not read the cache): what each chunk's cache did, after `lazy` if asked.
 */
async function run(key: string, options: { lazy?: boolean; save?: boolean } = {}) {
  const script = `
    const { loadChunks } = await import(${JSON.stringify(LOADER)});
    const loaded = loadChunks(${JSON.stringify(code)}, "cli.js", ${JSON.stringify(key)});
    if (${options.lazy === true}) await loaded.exports.lazy();
    if (${options.save !== false}) loaded.saveCaches();
    console.log(JSON.stringify({ value: loaded.exports.value, caches: loaded.caches() }));`;
  const { stdout } = await execa(process.execPath, ["--input-type=module", "-e", script], {
    env: { CLAWPERATOR_HOME: process.env.CLAWPERATOR_HOME },
  });
  return JSON.parse(stdout) as { value: number; caches: Record<string, string> };
}

describe("the CLI's chunks, run from V8's code cache", () => {
  it("runs each chunk once, resolving chunks and Node's modules, with its URL for import.meta.url", async () => {
    const loaded = loadChunks(code, "cli.js", "observe-snapshot");
    const cli = loaded.exports as { value: number; url: string; path: string; lazy(): Promise<{ c: string }> };
    expect(cli.value).toBe(42);
    expect(cli.url).toBe(pathToFileURL(join(code, "cli.js")).href);
    expect(cli.path).toBe("cli.js");
    expect(loaded.caches()).toEqual({ "cli.js": "miss", "chunk-b.js": "miss" });
    expect((await cli.lazy()).c).toBe("c");
    expect(await cli.lazy()).toBe(await cli.lazy());
  });

  it("writes each chunk's cache after the run, private to the user, and uses it on the next run", async () => {
    expect(await run("observe-snapshot")).toEqual({ value: 42, caches: { "cli.js": "miss", "chunk-b.js": "miss" } });
    const dir = cacheDirOf(code, "cli.js", "observe-snapshot");
    expect(dir).toContain(`${process.version}-${process.arch}`);
    expect(cacheFiles(dir)).toEqual(["chunk-b.js.bin", "cli.js.bin"]);
    expect(statSync(join(dir, "cli.js.bin")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Only what was missing is written: here the chunk imported later in the run.
    const before = statSync(join(dir, "cli.js.bin")).mtimeMs;
    expect((await run("observe-snapshot", { lazy: true })).caches).toEqual({
      "cli.js": "hit",
      "chunk-b.js": "hit",
      "chunk-c.js": "miss",
    });
    expect(cacheFiles(dir)).toEqual(["chunk-b.js.bin", "chunk-c.js.bin", "cli.js.bin"]);
    expect(statSync(join(dir, "cli.js.bin")).mtimeMs).toBe(before);
    // Another command has caches of its own.
    expect((await run("devices")).caches).toEqual({ "cli.js": "miss", "chunk-b.js": "miss" });
  });

  it("runs from the source when a cache is corrupt or truncated, and rewrites it", async () => {
    await run("devices");
    const file = join(cacheDirOf(code, "cli.js", "devices"), "cli.js.bin");
    const good = readFileSync(file);
    writeFileSync(file, good.subarray(0, good.length >> 1));
    expect(await run("devices")).toEqual({ value: 42, caches: { "cli.js": "rejected", "chunk-b.js": "hit" } });
    expect((await run("devices")).caches).toEqual({ "cli.js": "hit", "chunk-b.js": "hit" });
    writeFileSync(file, "not a code cache");
    expect((await run("devices", { save: false })).caches["cli.js"]).toBe("rejected");
  });

  it("never offers one build's caches to another, and drops the older build's", async () => {
    await run("devices");
    const old = cacheDirOf(code, "cli.js", "devices");
    utimesSync(join(code, "cli.js"), new Date(), new Date(Date.now() + 60_000));
    expect(cacheDirOf(code, "cli.js", "devices")).not.toBe(old);
    expect((await run("devices")).caches).toEqual({ "cli.js": "miss", "chunk-b.js": "miss" });
    expect(() => statSync(old)).toThrow();
  });

  it("names a command by its first two words; anything else shares one cache", () => {
    expect(commandKey(["observe", "snapshot", "--device-id", "emulator-5554"])).toBe("observe-snapshot");
    expect(commandKey(["skills", "run", "com.example.skill"])).toBe("skills-run");
    expect(commandKey(["devices", "--output", "pretty"])).toBe("devices");
    expect(commandKey(["--help"])).toBe("other");
    expect(commandKey(["../../etc", "x"])).toBe("other");
    expect(commandKey(["A".repeat(40)])).toBe("other");
  });
});
