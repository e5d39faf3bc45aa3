import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import yaml from "js-yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillName, syncRegistrySkills } from "../../../plugins/openclaw/skills-bridge.ts";

const registryEntry = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  applicationId: "com.android.settings",
  intent: "capture-overview",
  summary: "Capture a Settings overview snapshot",
  path: `skills/${id}`,
  skillFile: `skills/${id}/SKILL.md`,
  scripts: [`skills/${id}/scripts/run.js`],
  artifacts: [],
  ...extra,
});

/** The SKILL.md frontmatter fields these tests read. */
interface Frontmatter {
  name: string;
  description: string;
  metadata: { openclaw: { requires: { bins: string[] } } };
}

function frontmatter(markdown: string): Frontmatter {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (!match) throw new Error(`no frontmatter in:\n${markdown}`);
  return yaml.load(match[1]!) as Frontmatter;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "clawperator-bridge-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the skills bridge (registry skills as OpenClaw skills)", () => {
  it("writes one AgentSkills folder per registry skill, gated on adb, telling the agent which tool runs it", async () => {
    const { written } = await syncRegistrySkills(
      { skills: [registryEntry("com.android.settings.capture-overview")], count: 1 },
      dir,
    );
    expect(written).toEqual(["clawperator-com-android-settings-capture-overview"]);
    const markdown = await readFile(join(dir, written[0]!, "SKILL.md"), "utf8");
    const meta = frontmatter(markdown);
    expect(meta.name).toBe("clawperator-com-android-settings-capture-overview");
    expect(meta.description).toContain("Capture a Settings overview snapshot");
    expect(meta.metadata.openclaw.requires.bins).toEqual(["adb"]);
    expect(markdown).toContain('`clawperator_skills_run` {"skillId":"com.android.settings.capture-overview"}');
  });

  it("keeps hostile registry text inside its folder and its frontmatter", async () => {
    const hostile = registryEntry("../../etc/passwd", { summary: 'line one\n---\nname: evil\n"quoted"' });
    const { written } = await syncRegistrySkills({ skills: [hostile] }, dir);
    expect(written).toEqual(["clawperator-etc-passwd"]);
    expect(await readdir(dir)).toEqual(["clawperator-etc-passwd"]);
    const meta = frontmatter(await readFile(join(dir, written[0]!, "SKILL.md"), "utf8"));
    expect(meta.name).toBe("clawperator-etc-passwd");
    expect(meta.description).toContain('line one --- name: evil "quoted"');
  });

  it("removes folders it wrote for skills the registry dropped, and never touches other folders", async () => {
    await syncRegistrySkills({ skills: [registryEntry("a.one"), registryEntry("b.two")] }, dir);
    await mkdir(join(dir, "hand-written"));
    await writeFile(join(dir, "hand-written", "SKILL.md"), "---\nname: hand-written\ndescription: mine\n---\n");
    await syncRegistrySkills({ skills: [registryEntry("b.two"), { not: "a skill" }] }, dir);
    expect((await readdir(dir)).sort()).toEqual(["clawperator-b-two", "hand-written"]);
  });

  it("names skills as AgentSkills requires: lowercase letters, digits and hyphens, at most 64", () => {
    expect(skillName("Com.Example.App.Do_Thing")).toBe("clawperator-com-example-app-do-thing");
    const long = skillName(`com.${"x".repeat(100)}.y`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("refuses a result that is not a skills list", async () => {
    await expect(syncRegistrySkills({ nope: true }, dir)).rejects.toThrow();
  });
});
