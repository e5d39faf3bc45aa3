import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { definePlugin, SKILL_PRECEDENCE, type SkillPrecedence } from "../../../core/kernel/index.ts";
import { Skills } from "../../../core/services/skills.ts";
import skillsPlugin from "../../../plugins/skills/index.ts";
import { loadCatalog } from "../../../plugins/skills/sources/catalog.ts";
import type { SourceDir } from "../../../plugins/skills/sources/source-dirs.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import { tempDirs, writeFiles } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-precedence-");
const folder = (name: string, description: string) => ({
  [`${name}/SKILL.md`]: `---\nname: ${name}\ndescription: ${description}\n---\n`,
});
const source = (id: string, dir: string, precedence: SkillPrecedence): SourceDir => ({
  id,
  dir,
  precedence,
  allowOutside: false,
});
const noRegistry = async () => ({ kind: "defaults" as const, paths: [join(await makeDir(), "none.json")] });

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Runs `body` with the working directory, HOME and CLAWPERATOR_HOME in fresh folders. */
async function inSandbox<T>(body: (dirs: { cwd: string; home: string }) => Promise<T>): Promise<T> {
  const home = await makeDir();
  const cwd = await makeDir();
  vi.stubEnv("HOME", home);
  vi.stubEnv("CLAWPERATOR_HOME", join(home, ".clawperator"));
  vi.stubEnv("CLAWPERATOR_SKILLS_REGISTRY", undefined);
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await body({ cwd, home });
  } finally {
    process.chdir(before);
  }
}

describe("precedence of skill sources (docs/openclaw-skills.md#sources-and-precedence)", () => {
  const tiers = [...SKILL_PRECEDENCE];

  it.each(tiers.flatMap((low, i) => tiers.slice(i + 1).map((high) => [low, high] as const)))(
    "%s loses to %s, and the collision names both",
    async (low, high) => {
      const highDir = await makeDir(folder("shared", `from ${high}`));
      const lowDir = await makeDir(folder("shared", `from ${low}`));
      // Sources come lowest tier first, as the runtime lists them; the order given here must not matter either.
      for (const sources of [
        [source(low, lowDir, low), source(high, highDir, high)],
        [source(high, highDir, high), source(low, lowDir, low)],
      ]) {
        const catalog = loadCatalog({ choice: await noRegistry(), managedRegistries: [], sources });
        expect(catalog.records().map((r) => [r.entry.id, r.entry.summary, r.origin.precedence])).toEqual([
          ["shared", `from ${high}`, high],
        ]);
        expect(catalog.collisions).toEqual([
          {
            name: "shared",
            winner: { source: high, path: join(highDir, "shared", "SKILL.md") },
            loser: { source: low, path: join(lowDir, "shared", "SKILL.md") },
          },
        ]);
      }
    },
  );

  it("within one tier the last source wins (OpenClaw's last writer)", async () => {
    const first = await makeDir(folder("shared", "first extra dir"));
    const second = await makeDir(folder("shared", "second extra dir"));
    const catalog = loadCatalog({
      choice: await noRegistry(),
      managedRegistries: [],
      sources: [source("extra:0", first, "extra"), source("extra:1", second, "extra")],
    });
    expect(catalog.find("shared")?.entry.summary).toBe("second extra dir");
  });

  it("a registry found outside the managed clone ranks as workspace; the managed clone's as managed", async () => {
    const registryRoot = await makeDir({
      "skills/skills-registry.json": JSON.stringify({
        skills: [
          {
            id: "shared",
            applicationId: "a",
            intent: "i",
            summary: "registry",
            path: "skills/shared",
            skillFile: "skills/shared/SKILL.md",
            scripts: [],
            artifacts: [],
          },
        ],
      }),
    });
    const project = await makeDir(folder("shared", "project folder"));
    const registryFile = join(registryRoot, "skills", "skills-registry.json");
    const choice = { kind: "env" as const, path: registryFile };
    const sources = [source("project", project, "project")];
    const asWorkspace = loadCatalog({ choice, managedRegistries: [], sources });
    expect(asWorkspace.records().map((r) => r.entry.summary)).toEqual(["registry"]);
    expect(asWorkspace.find("shared")?.origin).toMatchObject({ sourceId: "registry", precedence: "workspace" });
    const asManaged = loadCatalog({ choice, managedRegistries: [registryFile], sources });
    expect(asManaged.records().map((r) => [r.entry.summary, r.origin.precedence])).toEqual([
      ["project folder", "project"],
    ]);
    expect(asManaged.entries().map((e) => e.summary)).toEqual(["project folder"]);
    expect(asManaged.find("shared")?.origin.sourceId).toBe("project");
  });

  it("within one registry the first entry of an id wins, and unknown ids are not found", async () => {
    const one = (summary: string) => ({
      id: "dup",
      applicationId: "a",
      intent: "i",
      summary,
      path: "skills/dup",
      skillFile: "skills/dup/SKILL.md",
      scripts: [],
      artifacts: [],
    });
    const root = await makeDir({
      "skills/skills-registry.json": JSON.stringify({ skills: [one("first"), one("second")] }),
    });
    const catalog = loadCatalog({
      choice: { kind: "env", path: join(root, "skills", "skills-registry.json") },
      managedRegistries: [],
      sources: [],
    });
    expect(catalog.entries().map((e) => e.summary)).toEqual(["first"]);
    expect(catalog.find("dup")?.entry.summary).toBe("first");
    expect(catalog.find("nope")).toBeUndefined();
  });

  it("the runtime's six folders, lowest to highest: extra dir, bundled, managed, personal, project, workspace", async () => {
    await inSandbox(async ({ cwd, home }) => {
      const extra = await makeDir({ ...folder("s1", "extra"), ...folder("only-extra", "extra") });
      const shipped = await makeDir(folder("s2", "bundled"));
      const shipper = definePlugin({
        name: "shipper",
        setup: (ctx) => ctx.skills.add({ id: "shipped", dir: shipped, precedence: "bundled" }),
      });
      await writeFiles(join(home, ".clawperator", "skills"), {
        ...folder("s1", "managed"),
        ...folder("s3", "managed"),
      });
      await writeFiles(join(home, ".agents", "skills"), { ...folder("s2", "personal"), ...folder("s4", "personal") });
      await writeFiles(join(cwd, ".agents", "skills"), { ...folder("s3", "project"), ...folder("s5", "project") });
      await writeFiles(join(cwd, "skills"), { ...folder("s4", "workspace"), ...folder("s5", "workspace") });
      const kernel = await boot([skillsPlugin, shipper], { skills: { load: { extraDirs: [extra] } } });
      const status = await kernel.services.resolve(Skills).status();
      const of = (name: string) => status.skills.find((s) => s.name === name);
      expect(
        [of("only-extra"), of("s1"), of("s2"), of("s3"), of("s4"), of("s5")].map((s) => [s?.source, s?.description]),
      ).toEqual([
        ["extra", "extra"],
        ["managed", "managed"],
        ["personal", "personal"],
        ["project", "project"],
        ["workspace", "workspace"],
        ["workspace", "workspace"],
      ]);
    });
  });

  it("a plugin asking for the workspace tier ranks as bundled: the user's own folders stay above it", async () => {
    await inSandbox(async ({ cwd }) => {
      const pushy = await makeDir({ ...folder("mine", "from the plugin"), ...folder("theirs", "from the plugin") });
      const plugin = definePlugin({
        name: "pushy",
        setup: (ctx) => ctx.skills.add({ id: "pushy", dir: pushy, precedence: "workspace" }),
      });
      await writeFiles(join(cwd, "skills"), folder("mine", "my own"));
      const kernel = await boot([skillsPlugin, plugin]);
      const status = await kernel.services.resolve(Skills).status();
      const of = (name: string) => status.skills.find((s) => s.name === name);
      expect(of("mine")).toMatchObject({ description: "my own", source: "workspace" });
      expect(of("theirs")).toMatchObject({ source: "bundled", bundled: true, origin: { plugin: "pushy" } });
    });
  });

  it("a plugin ships skills through ctx.skills.add; allowBundled filters bundled skills only", async () => {
    await inSandbox(async () => {
      const shipped = await makeDir({
        ...folder("com.plugin.bundled-one", "Bundled one"),
        ...folder("com.plugin.bundled-two", "Bundled two"),
      });
      const extra = await makeDir(folder("com.plugin.extra", "An extra dir skill"));
      const shipper = definePlugin({
        name: "shipper",
        setup(ctx) {
          ctx.skills.add({ id: "shipper-bundled", dir: shipped, precedence: "bundled" });
          ctx.skills.add({ id: "shipper-extra", dir: extra });
        },
      });
      const kernel = await boot([skillsPlugin, shipper], { skills: { allowBundled: ["com.plugin.bundled-two"] } });
      const skills = kernel.services.resolve(Skills);
      const listed = (await skills.list()).skills.map((s) => s.id);
      expect(listed).toEqual(expect.arrayContaining(["com.plugin.bundled-two", "com.plugin.extra"]));
      expect(listed).not.toContain("com.plugin.bundled-one");
      const all = (await skills.list({ all: true })).skills.map((s) => s.id);
      expect(all).toEqual(
        expect.arrayContaining(["com.plugin.bundled-one", "com.plugin.bundled-two", "com.plugin.extra"]),
      );
      const byId = Object.fromEntries((await skills.status()).skills.map((s) => [s.name, s]));
      expect(byId["com.plugin.bundled-one"]).toMatchObject({
        eligible: false,
        blockedByAllowlist: true,
        readiness: "blocked",
        origin: { plugin: "shipper", precedence: "bundled", sourceId: "shipper-bundled" },
      });
      expect(byId["com.plugin.bundled-two"]).toMatchObject({ eligible: true, blockedByAllowlist: false });
      expect(byId["com.plugin.extra"]).toMatchObject({
        eligible: true,
        source: "extra",
        origin: { plugin: "shipper" },
      });
    });
  });
});
