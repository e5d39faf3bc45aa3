import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SkillCheckReport, SkillPrompt, SkillStatusReport } from "../../../core/services/skills.ts";
import { type SkillsWorkspace, skillMd, skillsWorkspaces } from "../../helpers/skills-workspace.ts";

const workspace = skillsWorkspaces();
const SECRET = "sk-test-value-5521";
const ENV_SECRET = "env-secret-value-8830";
let w: SkillsWorkspace;

beforeAll(async () => {
  w = await workspace();
  w.program("zz-have");
  w.skill(
    join(w.ws, "skills"),
    "gated",
    skillMd(
      `
name: gated
description: "Needs a token and two programs."
homepage: https://example.invalid/gated
metadata:
  {
    "openclaw":
      {
        "emoji": "🧪",
        "requires": { "bins": ["zz-have", "zz-missing"], "env": ["ZZ_TOKEN"], "config": ["serve.token"] },
        "primaryEnv": "ZZ_TOKEN",
        "install": [{ "id": "npm", "kind": "node", "package": "zz-missing", "bins": ["zz-missing"] },],
      },
  }`,
      "Run {baseDir}/scripts/run.sh, then read {baseDir}/notes.md.\n",
    ),
  );
  w.skill(join(w.ws, "skills"), "ready", skillMd("name: ready\ndescription: Ready to use.", "See {baseDir}.\n"));
  w.skill(
    join(w.ws, "skills"),
    "nomodel",
    skillMd("name: nomodel\ndescription: People only.\ndisable-model-invocation: true"),
  );
  w.skill(
    join(w.ws, "skills"),
    "nocommand",
    skillMd("name: nocommand\ndescription: No slash command.\nuser-invocable: false"),
  );
  w.skill(join(w.ws, "skills"), "broken", "---\nname: broken\ndescription: x\nmetadata: {oops\n---\n");
  w.skill(join(w.ws, "skills"), "undescribed", "# no frontmatter at all\n");
  w.skill(join(w.home, ".agents", "skills"), "personal", skillMd("name: personal\ndescription: Mine."));
  w.writeConfig({
    serve: { token: "serve-token-value-7711" },
    agents: {
      list: [
        { id: "main", default: true },
        { id: "narrow", skills: ["ready", "gated"] },
        { id: "none", skills: [] },
      ],
    },
    skills: { entries: { gated: { apiKey: SECRET, env: { OTHER: ENV_SECRET } } } },
  });
});

/** This package ships bundled skills of its own (the clawperator skill); these tests look at the user's. */
const BUNDLED = new Set(["clawperator"]);
const mine = (names: string[]) => names.filter((n) => !BUNDLED.has(n));
const byName = (report: SkillStatusReport) => Object.fromEntries(report.skills.map((s) => [s.name, s]));

describe("skills status: OpenClaw's fields for real-style skills", () => {
  it("gates from the multi-line metadata; the apiKey satisfies primaryEnv; secrets never shown", async () => {
    const report = await w.json<SkillStatusReport>(["skills", "status"]);
    const gated = byName(report).gated!;
    expect(gated).toMatchObject({
      name: "gated",
      skillKey: "gated",
      source: "workspace",
      emoji: "🧪",
      homepage: "https://example.invalid/gated",
      primaryEnv: "ZZ_TOKEN",
      eligible: false,
      readiness: "needs-setup",
      missing: { bins: ["zz-missing"], anyBins: [], env: [], config: [], os: [], packages: [] },
      configChecks: [{ path: "serve.token", satisfied: true }],
      install: [{ id: "npm", kind: "node", label: "Install zz-missing (npm)", bins: ["zz-missing"] }],
      configured: { apiKey: true, env: ["OTHER"] },
      installWarning: "gated is a workspace skill: check that its install recipe is one you trust",
      removable: true,
      filePath: join(w.ws, "skills", "gated", "SKILL.md"),
      baseDir: join(w.ws, "skills", "gated"),
    });
    expect(report).toMatchObject({
      agentId: "main",
      agentSkillFilter: null,
      agents: [
        { id: "main", default: true, skills: null },
        { id: "narrow", default: false, skills: ["ready", "gated"] },
        { id: "none", default: false, skills: [] },
      ],
      config: { path: w.config, writable: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it("invocation flags: disable-model-invocation hides from the model, user-invocable: false from commands", async () => {
    const s = byName(await w.json<SkillStatusReport>(["skills", "status"]));
    expect(s.ready).toMatchObject({ eligible: true, modelVisible: true, userInvocable: true, commandVisible: true });
    expect(s.nomodel).toMatchObject({ eligible: true, modelVisible: false, commandVisible: true });
    expect(s.nocommand).toMatchObject({
      eligible: true,
      modelVisible: true,
      userInvocable: false,
      commandVisible: false,
    });
    expect(s.personal).toMatchObject({
      source: "personal",
      eligible: true,
      removable: false,
      notRemovable: "it is a personal skill (~/.agents/skills): remove its folder there by hand",
    });
    expect(s.gated).not.toHaveProperty("notRemovable");
    // A bundled recipe was put there on purpose: no warning.
    expect(s.clawperator).not.toHaveProperty("installWarning");
  });

  it("unparseable frontmatter is reported invalid with its line; a SKILL.md without a description too", async () => {
    const report = await w.json<SkillStatusReport>(["skills", "status"]);
    const invalid = report.skills.filter((s) => s.readiness === "invalid");
    expect(invalid.map((s) => [s.name, s.invalid?.line, s.eligible])).toEqual([
      ["broken", 4, false],
      ["undescribed", 1, false],
    ]);
    const check = await w.json<SkillCheckReport>(["skills", "check"]);
    expect(check.invalid.map((i) => i.name)).toEqual(["broken", "undescribed"]);
    expect(check.summary).toMatchObject({ invalid: 2, notInjected: 1, missingRequirements: 1 });
    expect(check.missingRequirements).toEqual([
      expect.objectContaining({ name: "gated", install: [expect.objectContaining({ id: "npm" })] }),
    ]);
  });

  it("--agent with each allowlist form: all (no skills key), a list, none; an unknown agent is AGENT_NOT_FOUND", async () => {
    const filtered = async (agent: string) =>
      (await w.json<SkillStatusReport>(["skills", "status", "--agent", agent])).skills
        .filter((s) => s.blockedByAgentFilter && s.source !== "bundled")
        .map((s) => s.name)
        .sort();
    expect(await filtered("main")).toEqual([]);
    expect(await filtered("narrow")).toEqual(["broken", "nocommand", "nomodel", "personal", "undescribed"]);
    expect((await filtered("none")).length).toBe(7);
    const list = async (agent: string) =>
      mine((await w.json<{ skills: { id: string }[] }>(["skills", "list", "--agent", agent])).skills.map((s) => s.id));
    expect(await list("narrow")).toEqual(["ready"]);
    expect(await list("none")).toEqual([]);
    const unknown = await w.run(["skills", "list", "--agent", "ghost", "--json"]);
    expect(unknown.exitCode).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ code: "AGENT_NOT_FOUND" });
  });

  it("list and search show agents only what they may use; --all shows everything", async () => {
    const ids = async (args: string[]) =>
      mine((await w.json<{ skills: { id: string }[] }>(args)).skills.map((s) => s.id)).sort();
    const usable = await ids(["skills", "list"]);
    expect(usable).toEqual(expect.arrayContaining(["nocommand", "personal", "ready"]));
    for (const hidden of ["gated", "nomodel", "broken"]) expect(usable).not.toContain(hidden);
    expect(await ids(["skills", "list", "--all"])).toEqual(expect.arrayContaining(["gated", "nomodel", "ready"]));
    expect(await ids(["skills", "search", "--keyword", "people"])).toEqual([]);
    expect(await ids(["skills", "search", "--keyword", "people", "--all"])).toEqual(["nomodel"]);
  });

  it("get replaces {baseDir}; a blocked skill is SKILL_NOT_ELIGIBLE with the structured missing, unless --all", async () => {
    const got = await w.json<{ instructions: string; baseDir: string }>(["skills", "get", "gated", "--all"]);
    const dir = join(w.ws, "skills", "gated");
    expect(got.instructions).toBe(`Run ${dir}/scripts/run.sh, then read ${dir}/notes.md.\n`);
    expect(got.baseDir).toBe(dir);
    const blocked = await w.run(["skills", "get", "gated", "--json"]);
    expect(blocked.exitCode).toBe(1);
    expect(JSON.parse(blocked.stdout)).toMatchObject({
      code: "SKILL_NOT_ELIGIBLE",
      details: { missing: { bins: ["zz-missing"] } },
    });
    const run = await w.run(["skills", "run", "gated", "--json"]);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: "SKILL_NOT_ELIGIBLE",
      details: { missing: { bins: ["zz-missing"] } },
    });
  });

  it("the prompt block lists what the model may use, by name, with {baseDir}-free locations", async () => {
    const prompt = await w.json<SkillPrompt>(["skills", "prompt"]);
    expect(mine(prompt.skills)).toEqual(["nocommand", "personal", "ready"]);
    expect(prompt.prompt).toContain(`<location>${join(w.ws, "skills", "ready", "SKILL.md")}</location>`);
    expect(prompt.prompt.startsWith("\n\nThe following skills provide specialized instructions")).toBe(true);
    expect((await w.json<SkillPrompt>(["skills", "prompt", "--agent", "narrow"])).skills).toEqual(["ready"]);
    expect((await w.json<SkillPrompt>(["skills", "prompt", "--agent", "none"])).prompt).toBe("");
    const pretty = await w.run(["skills", "prompt", "--output", "pretty"]);
    // People get the block itself, byte for byte.
    expect(pretty.stdout.trimEnd()).toBe(prompt.prompt.trimEnd());
  });

  it("bins: every program required, accepted or installed; an agent's only", async () => {
    expect((await w.json<{ bins: string[] }>(["skills", "bins"])).bins).toEqual(
      expect.arrayContaining(["zz-have", "zz-missing"]),
    );
    expect((await w.json<{ bins: string[] }>(["skills", "bins", "--agent", "none"])).bins).toEqual([]);
  });

  it("no command printed a secret value", async () => {
    await w.run(["skills", "status", "--output", "pretty"]);
    await w.run(["skills", "check", "--output", "pretty"]);
    const all = w.outputs();
    for (const secret of [SECRET, ENV_SECRET, "serve-token-value-7711"]) expect(all).not.toContain(secret);
  });
});
