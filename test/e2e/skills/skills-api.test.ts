import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { SkillConfigWrite, SkillStatusReport } from "../../../core/services/skills.ts";
import { type SkillsWorkspace, skillMd, skillsWorkspaces } from "../../helpers/skills-workspace.ts";

const workspace = skillsWorkspaces("clawperator-skills-api-");
const KEY = "api-key-value-42917";
let w: SkillsWorkspace;

beforeEach(async () => {
  w = await workspace();
  w.skill(
    join(w.ws, "skills"),
    "keyed",
    skillMd(
      `name: keyed\ndescription: Needs a key.\nmetadata: {"openclaw":{"requires":{"env":["KEYED_TOKEN"]},"primaryEnv":"KEYED_TOKEN"}}`,
    ),
  );
  w.writeConfig({
    agents: {
      list: [
        { id: "main", default: true },
        { id: "other", skills: ["keyed"] },
      ],
    },
  });
});

const status = () => w.json<SkillStatusReport>(["skills", "status"]);
const keyed = async () => (await status()).skills.find((s) => s.name === "keyed")!;

describe("skills configure: skills.entries.<key> in the JSON config", () => {
  it("the apiKey comes from stdin, satisfies primaryEnv, is stored 0600 and never printed", async () => {
    expect(await keyed()).toMatchObject({ eligible: false, missing: { env: ["KEYED_TOKEN"] } });
    const written = await w.json<SkillConfigWrite>(["skills", "configure", "keyed", "--api-key-stdin"], {
      input: `${KEY}\n`,
    });
    expect(written).toMatchObject({
      ok: true,
      path: w.config,
      mode: "0600",
      skillKey: "keyed",
      entry: { apiKey: true },
    });
    expect(statSync(w.config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(w.config, "utf8")).skills.entries.keyed).toEqual({ apiKey: KEY });
    expect(await keyed()).toMatchObject({ eligible: true, configured: { apiKey: true, env: [] } });
    await w.json(["skills", "configure", "keyed", "--enabled", "false"]);
    expect(await keyed()).toMatchObject({ eligible: false, disabled: true, readiness: "disabled" });
    await w.json(["skills", "configure", "keyed", "--env-stdin"], { input: JSON.stringify({ EXTRA: "v-secret-3" }) });
    await w.json(["skills", "configure", "keyed", "--enabled", "true", "--clear-api-key"]);
    expect(JSON.parse(readFileSync(w.config, "utf8")).skills.entries.keyed).toEqual({
      enabled: true,
      env: { EXTRA: "v-secret-3" },
    });
    await w.run(["skills", "status", "--output", "pretty"]);
    expect(w.outputs()).not.toContain(KEY);
    expect(w.outputs()).not.toContain("v-secret-3");
  });

  it("an edit made on another version of the file is SKILLS_CONFIG_CONFLICT; the other writer's change stays", async () => {
    const { hash } = (await status()).config;
    // Someone else edits the file after the status was read.
    const other = JSON.parse(readFileSync(w.config, "utf8"));
    writeFileSync(w.config, JSON.stringify({ ...other, deviceId: "emulator-5554" }, null, 2));
    const refused = await w.run(["skills", "configure", "keyed", "--enabled", "false", "--if-hash", hash!, "--json"]);
    expect(refused.exitCode).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ code: "SKILLS_CONFIG_CONFLICT" });
    expect(JSON.parse(readFileSync(w.config, "utf8")).deviceId).toBe("emulator-5554");
    // Read again, retry: it goes through, keeping both changes.
    const fresh = (await status()).config.hash!;
    await w.json(["skills", "configure", "keyed", "--enabled", "false", "--if-hash", fresh]);
    expect(JSON.parse(readFileSync(w.config, "utf8"))).toMatchObject({
      deviceId: "emulator-5554",
      skills: { entries: { keyed: { enabled: false } } },
    });
  });

  it("a TypeScript config is never rewritten: SKILLS_CONFIG_NOT_WRITABLE says how to edit it; dangerous env is USAGE", async () => {
    const ts = join(w.ws, "clawperator.config.ts");
    writeFileSync(ts, "export default { skills: {} };\n");
    const before = readFileSync(ts, "utf8");
    const result = await w.run(["skills", "configure", "keyed", "--enabled", "false", "--json"], { config: ts });
    expect(JSON.parse(result.stdout)).toMatchObject({
      code: "SKILLS_CONFIG_NOT_WRITABLE",
      hint: expect.stringContaining("by hand"),
    });
    expect(readFileSync(ts, "utf8")).toBe(before);
    const dangerous = await w.run(["skills", "configure", "keyed", "--env-stdin", "--json"], {
      input: JSON.stringify({ LD_PRELOAD: "/x.so" }),
    });
    expect(JSON.parse(dangerous.stdout)).toMatchObject({ code: "USAGE", details: { refused: ["LD_PRELOAD"] } });
  });
});

describe("skills allowlist: agents.list[].skills", () => {
  it("--set, --add, --remove, --none, --all write the agent's list; status shows it at once", async () => {
    const filter = async () =>
      (await w.json<SkillStatusReport>(["skills", "status", "--agent", "other"])).agentSkillFilter;
    expect(await filter()).toEqual(["keyed"]);
    await w.json(["skills", "allowlist", "other", "--add", "ready-a,ready-b"]);
    expect(await filter()).toEqual(["keyed", "ready-a", "ready-b"]);
    await w.json(["skills", "allowlist", "other", "--remove", "keyed"]);
    expect(await filter()).toEqual(["ready-a", "ready-b"]);
    await w.json(["skills", "allowlist", "other", "--none"]);
    expect(await filter()).toEqual([]);
    await w.json(["skills", "allowlist", "other", "--all"]);
    expect(await filter()).toBeNull();
    expect(JSON.parse(readFileSync(w.config, "utf8")).agents.list[1]).toEqual({ id: "other" });
    await w.json(["skills", "allowlist", "other", "--set", "keyed"]);
    expect(await filter()).toEqual(["keyed"]);
    const unknown = await w.run(["skills", "allowlist", "ghost", "--none", "--json"]);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ code: "AGENT_NOT_FOUND" });
  });
});

describe("skills remove: managed and workspace folders only, inside their roots", () => {
  it("removes a workspace skill; refuses personal, project, bundled, a symlink escaping its root", async () => {
    w.skill(join(w.ws, "skills"), "gone", skillMd("name: gone\ndescription: x"));
    w.skill(join(w.home, ".agents", "skills"), "personal", skillMd("name: personal\ndescription: x"));
    w.skill(join(w.ws, ".agents", "skills"), "project", skillMd("name: project\ndescription: x"));
    const managed = join(w.home, ".clawperator", "skills");
    w.skill(managed, "managed-one", skillMd("name: managed-one\ndescription: x"));
    const outside = w.skill(join(w.home, "elsewhere"), "linked", skillMd("name: linked\ndescription: x"));
    symlinkSync(outside, join(managed, "linked"));
    const removed = await w.json(["skills", "remove", "gone"]);
    expect(removed).toMatchObject({ ok: true, name: "gone", source: "workspace" });
    expect(existsSync(join(w.ws, "skills", "gone"))).toBe(false);
    expect(await w.json(["skills", "remove", "managed-one"])).toMatchObject({ source: "managed" });
    for (const [name, source] of [
      ["personal", "personal"],
      ["project", "project"],
      ["clawperator", "bundled"],
      ["linked", "managed"],
    ] as const) {
      const refused = await w.run(["skills", "remove", name, "--json"]);
      expect(refused.exitCode, name).toBe(1);
      expect(JSON.parse(refused.stdout), name).toMatchObject({ code: "SKILL_NOT_REMOVABLE", details: { source } });
    }
    // The refusal says what status said before anyone tried.
    const status = await w.json<SkillStatusReport>(["skills", "status"]);
    const project = status.skills.find((s) => s.name === "project")!;
    expect(project).toMatchObject({ removable: false, notRemovable: expect.stringContaining("project skill") });
    const refused = JSON.parse((await w.run(["skills", "remove", "project", "--json"])).stdout);
    expect(refused.message).toBe(`Skill project cannot be removed: ${project.notRemovable}`);
    expect(existsSync(join(outside, "SKILL.md"))).toBe(true);
    expect(existsSync(join(w.home, ".agents", "skills", "personal", "SKILL.md"))).toBe(true);
    const missing = await w.run(["skills", "remove", "nope", "--json"]);
    expect(JSON.parse(missing.stdout)).toMatchObject({ code: "SKILL_NOT_FOUND" });
  });

  it("never the root itself: a workspace root that is a skill folder is refused", async () => {
    // ./skills holding a SKILL.md itself makes ./skills the skill; removing it would remove the whole root.
    mkdirSync(join(w.ws, "skills"), { recursive: true });
    writeFileSync(join(w.ws, "skills", "SKILL.md"), skillMd("name: rooted\ndescription: x"));
    const refused = await w.run(["skills", "remove", "rooted", "--json"]);
    expect(JSON.parse(refused.stdout)).toMatchObject({ code: "SKILL_NOT_REMOVABLE" });
    expect(existsSync(join(w.ws, "skills", "SKILL.md"))).toBe(true);
  });
});
