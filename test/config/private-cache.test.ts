import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load-config.ts";
import { REPO_ROOT } from "../helpers/cli-paths.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

// The compile caches live in the Clawperator home, private to the user, and cached code that
// anyone else could have written is never executed.
const makeDir = tempDirs("clawperator-private-cache-");
const saved = { home: process.env.CLAWPERATOR_HOME, tmp: process.env.TMPDIR };
let home: string;
let tmp: string;

beforeEach(async () => {
  home = join(await makeDir(), "clawperator-home");
  tmp = await makeDir();
  process.env.CLAWPERATOR_HOME = home;
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  process.env.CLAWPERATOR_HOME = saved.home;
  if (saved.tmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved.tmp;
  delete (globalThis as { __planted?: boolean }).__planted;
});

async function project(files: Record<string, string>): Promise<string> {
  const dir = await makeDir({ ...files, "node_modules/.keep": "" });
  await symlink(REPO_ROOT, join(dir, "node_modules", "clawperator"));
  return dir;
}

const simpleConfig =
  'import { defineConfig } from "clawperator/config";\nexport default defineConfig({ deviceId: "real" });\n';

/** Every file and directory under `root`, with its permission bits. */
function modes(root: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      out.push({ path, dir: stat.isDirectory(), mode: stat.mode & 0o777 });
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

const planted = 'globalThis.__planted = true; module.exports = { default: { deviceId: "planted" } };\n';

describe("the config compile caches", () => {
  it("are kept under the Clawperator home, directories 0700 and files 0600; nothing goes to the temp dir or node_modules/.cache", async () => {
    const dir = await project({
      "clawperator.config.ts":
        'import { defineConfig } from "clawperator/config";\nimport { device } from "./device.ts";\n' +
        "export default defineConfig({ deviceId: device });\n",
      "device.ts": 'export const device: string = "from-module";\n',
    });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("from-module");
    const entries = modes(join(home, "cache"));
    expect(entries.some((e) => e.path.includes(`${join("cache", "jiti")}/`) && !e.dir)).toBe(true);
    expect(entries.filter((e) => e.dir && e.mode !== 0o700)).toEqual([]);
    expect(entries.filter((e) => !e.dir && e.mode !== 0o600)).toEqual([]);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(existsSync(join(tmp, "jiti"))).toBe(false);
    expect(existsSync(join(dir, "node_modules", ".cache"))).toBe(false);
  });

  it("uses an entry only for the inputs it was made from: one with the same name made from others is a miss", async () => {
    const dir = await project({ "clawperator.config.ts": simpleConfig });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    const cacheDir = join(home, "cache", "config-ts");
    const [entry] = readdirSync(cacheDir);
    // Private to this user, as a colliding entry of this user's own would be.
    writeFileSync(
      join(cacheDir, entry!),
      `${JSON.stringify([join(dir, "clawperator.config.ts"), "another source"])}\n${planted}`,
      { mode: 0o600 },
    );
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    expect((globalThis as { __planted?: boolean }).__planted).toBeUndefined();
  });

  it("never executes a cached compiled config that others may write", async () => {
    const dir = await project({ "clawperator.config.ts": simpleConfig });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    const cacheDir = join(home, "cache", "config-ts");
    const [entry] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, entry!), planted);
    chmodSync(join(cacheDir, entry!), 0o666);
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    expect((globalThis as { __planted?: boolean }).__planted).toBeUndefined();
    // The planted entry was replaced by this user's own transform.
    expect(readFileSync(join(cacheDir, entry!), "utf8")).not.toContain("__planted");
    expect(statSync(join(cacheDir, entry!)).mode & 0o777).toBe(0o600);
  });

  it.runIf(process.getuid?.() === 0)("never executes a cached compiled config owned by another user", async () => {
    const dir = await project({ "clawperator.config.ts": simpleConfig });
    await loadConfig({ cwd: dir });
    const cacheDir = join(home, "cache", "config-ts");
    const [entry] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, entry!), planted, { mode: 0o600 });
    chownSync(join(cacheDir, entry!), 54_321, 54_321);
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    expect((globalThis as { __planted?: boolean }).__planted).toBeUndefined();
  });

  it("a Clawperator home that is a symlink to the user's own directory keeps its caches", async () => {
    const real = await makeDir();
    symlinkSync(real, home);
    const dir = await project({ "clawperator.config.ts": simpleConfig });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    expect(readdirSync(join(real, "cache", "config-ts"))).toHaveLength(1);
  });

  it("a cache directory found open to others is tightened and emptied before use", async () => {
    const dir = await project({ "clawperator.config.ts": simpleConfig });
    await loadConfig({ cwd: dir });
    const cacheDir = join(home, "cache", "config-ts");
    const [entry] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, entry!), planted, { mode: 0o600 });
    chmodSync(cacheDir, 0o777);
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    expect((globalThis as { __planted?: boolean }).__planted).toBeUndefined();
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
  });

  // Only root can make a directory another user's.
  it.runIf(process.getuid?.() === 0)("a cache directory another user owns is not used at all", async () => {
    const dir = await project({ "clawperator.config.ts": simpleConfig });
    mkdirSync(join(home, "cache", "config-ts"), { recursive: true, mode: 0o700 });
    chownSync(join(home, "cache", "config-ts"), 54_321, 54_321);
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("real");
    expect(readdirSync(join(home, "cache", "config-ts"))).toEqual([]);
  });
});
