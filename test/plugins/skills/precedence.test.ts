import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { definePlugin, type SkillPrecedence } from "../../../core/kernel/index.ts";
import { Skills } from "../../../core/services/skills.ts";
import skillsPlugin from "../../../plugins/skills/index.ts";
import { loadCatalog } from "../../../plugins/skills/sources/catalog.ts";
import type { SourceDir } from "../../../plugins/skills/sources/source-dirs.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-precedence-");
const folder = (name: string, description: string) => ({
  [`${name}/SKILL.md`]: `---\nname: ${name}\ndescription: ${description}\n---\n`,
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("precedence of skill sources (spec/004 section 4)", () => {
  const tiers: SkillPrecedence[] = ["extra", "bundled", "managed", "project", "workspace"];

  it.each(tiers.flatMap((low, i) => tiers.slice(i + 1).map((high) => [low, high] as const)))(
    "%s loses to %s",
    async (low, high) => {
      const sources: SourceDir[] = [
        { id: high, dir: await makeDir(folder("shared", `from ${high}`)), precedence: high },
        { id: low, dir: await makeDir(folder("shared", `from ${low}`)), precedence: low },
      ];
      const catalog = loadCatalog({
        choice: { kind: "defaults", paths: [join(await makeDir(), "none.json")] },
        managedDir: "/nonexistent",
        sources,
      });
      expect(catalog.records().map((r) => [r.entry.id, r.entry.summary, r.origin.precedence])).toEqual([
        ["shared", `from ${high}`, high],
      ]);
    },
  );

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
    const choice = { kind: "env" as const, path: join(registryRoot, "skills", "skills-registry.json") };
    const asWorkspace = loadCatalog({
      choice,
      managedDir: "/nonexistent",
      sources: [{ id: "project", dir: project, precedence: "project" }],
    });
    expect(asWorkspace.records().map((r) => r.entry.summary)).toEqual(["registry"]);
    const asManaged = loadCatalog({
      choice,
      managedDir: registryRoot,
      sources: [{ id: "project", dir: project, precedence: "project" }],
    });
    expect(asManaged.records().map((r) => [r.entry.summary, r.origin.precedence])).toEqual([
      ["project folder", "project"],
    ]);
    expect(asManaged.entries().map((e) => e.summary)).toEqual(["project folder"]);
    expect(asManaged.find("shared")?.origin.sourceId).toBe("project");
    expect(asWorkspace.find("shared")?.origin).toMatchObject({ sourceId: "registry", precedence: "workspace" });
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
      managedDir: "/nonexistent",
      sources: [],
    });
    expect(catalog.entries().map((e) => e.summary)).toEqual(["first"]);
    expect(catalog.find("dup")?.entry.summary).toBe("first");
    expect(catalog.find("nope")).toBeUndefined();
  });

  it("a plugin ships skills through ctx.skills.add; allowBundled filters bundled skills only", async () => {
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
    vi.stubEnv("CLAWPERATOR_SKILLS_REGISTRY", undefined);
    const kernel = await boot([skillsPlugin, shipper], { skills: { allowBundled: ["com.plugin.bundled-two"] } });
    const skills = kernel.services.resolve(Skills);
    const cwd = process.cwd();
    process.chdir(await makeDir());
    try {
      const list = await skills.list();
      expect(list.skills.map((s) => s.id).sort()).toEqual([
        "com.plugin.bundled-one",
        "com.plugin.bundled-two",
        "com.plugin.extra",
      ]);
      const status = await skills.status();
      const byId = Object.fromEntries(status.skills.map((s) => [s.id, s]));
      expect(byId["com.plugin.bundled-one"]).toMatchObject({
        eligible: false,
        missing: [{ kind: "notAllowedBundled" }],
        origin: { plugin: "shipper", precedence: "bundled", sourceId: "shipper-bundled" },
      });
      expect(byId["com.plugin.bundled-two"]).toMatchObject({ eligible: true });
      expect(byId["com.plugin.extra"]).toMatchObject({
        eligible: true,
        origin: { plugin: "shipper", precedence: "extra" },
      });
    } finally {
      process.chdir(cwd);
    }
  });
});
