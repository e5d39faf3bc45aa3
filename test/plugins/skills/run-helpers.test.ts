import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chooseRegistry, legacyCloneDir } from "../../../plugins/skills/registry/registry-path.ts";
import { keywordRank } from "../../../plugins/skills/registry/search.ts";
import { chooseScript } from "../../../plugins/skills/run/choose-script.ts";
import { isDangerousEnvName, skillEnv } from "../../../plugins/skills/run/skill-env.ts";
import { FRAME_LINE_LIMIT, FrameScanner } from "../../../plugins/skills/run/skill-frame.ts";
import { checkSkillResult } from "../../../plugins/skills/run/skill-result.ts";
import { caught } from "../../helpers/caught.ts";

describe("skill env overrides (docs/openclaw-skills.md#environment-injection)", () => {
  it.each([
    "PATH",
    "path",
    "NODE_OPTIONS",
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "DYLD_INSERT_LIBRARIES",
    "BASH_ENV",
    "CLAWPERATOR_BIN",
    "NODE_PATH",
    "BAD-NAME",
    "HOME",
    "SHELLOPTS",
    "BASHOPTS",
    "BASH_FUNC_ls%%",
    "BASH_XTRACEFD",
    "BASH_LOADABLES_PATH",
    "GLOBIGNORE",
    "CDPATH",
    "PS0",
    "PS4",
    "ENV",
    "IFS",
    "PROMPT_COMMAND",
    "ZDOTDIR",
    "FPATH",
    "GCONV_PATH",
    "OPENSSL_CONF",
    "PERL5DB",
    "PYTHONHOME",
  ])("%s is refused", (name) => {
    expect(isDangerousEnvName(name)).toBe(true);
  });

  it("fills only unset variables, maps apiKey to primaryEnv, reports refusals, and never touches process.env", () => {
    const before = { ...process.env };
    const { env, refused } = skillEnv({
      base: { PATH: "/usr/bin", SET: "kept" },
      entry: { env: { SET: "ignored", NEW: "added", PATH: "/evil", NODE_OPTIONS: "--require evil" }, apiKey: "k" },
      primaryEnv: "API_KEY",
      injected: { CLAWPERATOR_BIN: "/bin/clawperator" },
    });
    expect(env).toEqual({
      PATH: "/usr/bin",
      SET: "kept",
      NEW: "added",
      API_KEY: "k",
      CLAWPERATOR_BIN: "/bin/clawperator",
    });
    expect(refused).toEqual(["PATH", "NODE_OPTIONS"]);
    expect(process.env).toEqual(before);
  });
});

describe("script choice and registry resolution", () => {
  it("prefers .js, then .sh, then the first listed", () => {
    expect(chooseScript(["a.sh", "b.js"])).toBe("b.js");
    expect(chooseScript(["a.py", "b.sh"])).toBe("b.sh");
    expect(chooseScript(["a.py", "b.ts"])).toBe("a.py");
  });

  it("explicit beats env beats defaults; a blank env is REGISTRY_READ_FAILED", async () => {
    expect(
      chooseRegistry({
        explicit: "r.json",
        env: { CLAWPERATOR_SKILLS_REGISTRY: "/e.json" },
        cwd: "/w",
        cloneDir: "/m",
      }),
    ).toEqual({ kind: "explicit", path: "/w/r.json" });
    expect(chooseRegistry({ env: { CLAWPERATOR_SKILLS_REGISTRY: "/e.json" }, cwd: "/w", cloneDir: "/m" })).toEqual({
      kind: "env",
      path: "/e.json",
    });
    expect(chooseRegistry({ env: {}, cwd: "/a/b/c", cloneDir: "/m" })).toEqual({
      kind: "defaults",
      // The clone's place, then the reference runtime's (~/.clawperator/skills), which an old install still has.
      paths: [
        "/a/b/c/skills/skills-registry.json",
        "/a/skills/skills-registry.json",
        "/m/skills/skills-registry.json",
        join(legacyCloneDir(), "skills", "skills-registry.json"),
      ],
    });
    expect(
      await caught(() => chooseRegistry({ env: { CLAWPERATOR_SKILLS_REGISTRY: " " }, cwd: "/w", cloneDir: "/m" })),
    ).toMatchObject({ code: "REGISTRY_READ_FAILED" });
  });
});

describe("keyword ranking (docs/skills-registry.md#skills-search)", () => {
  const skill = {
    id: "com.acme.thermo.set-temp",
    applicationId: "com.acme.thermo",
    intent: "set-temp",
    summary: "Set the heating",
    path: "",
    skillFile: "",
    scripts: [],
    artifacts: [],
    keywords: ["thermostat", "heat pump"],
  };
  it.each([
    ["thermostat", 1],
    ["pump", 2],
    ["com.acme.thermo", 3],
    ["acme", 4],
    ["therm", 5],
    ["set-te", 6],
    ["heating", 7],
    ["nothing", 0],
  ] as const)("%s ranks %i", (keyword, rank) => {
    expect(keywordRank(skill, keyword)).toBe(rank);
  });
});

describe("the SkillResult frame", () => {
  const good =
    '{"contractVersion":"1.0.0","skillId":"s","status":"success","checkpoints":[],"result":{"kind":"text","text":"hi"}}';
  it.each([
    ["legacy output", "hello\n", false, { kind: "none" }],
    [
      "required but absent",
      "hello\n",
      true,
      { kind: "bad", message: "Agent-driven skills must emit a terminal SkillResult frame" },
    ],
    [
      "marker last",
      "x\n[Clawperator-Skill-Result]\n",
      false,
      { kind: "bad", message: "SkillResult frame marker was not followed by a JSON line" },
    ],
    [
      "not terminal",
      `[Clawperator-Skill-Result]\n${good}\nmore\n`,
      false,
      { kind: "bad", message: "SkillResult frame must be the terminal non-empty stdout suffix" },
    ],
    [
      "the last frame counts",
      `[Clawperator-Skill-Result]\n{}\nprogress\n[Clawperator-Skill-Result]\n${good}\n\n`,
      false,
      { kind: "json", line: good },
    ],
    [
      "the marker and its JSON on one line",
      `x\n[Clawperator-Skill-Result] ${good}\n`,
      false,
      { kind: "json", line: good },
    ],
    ["the marker mid-line is not a frame", `log: [Clawperator-Skill-Result] ${good}\n`, false, { kind: "none" }],
    [
      "a JSON line beyond the frame limit",
      `[Clawperator-Skill-Result]\n{"a":"${"x".repeat(FRAME_LINE_LIMIT)}"}\n`,
      false,
      { kind: "bad", message: `SkillResult frame JSON line is longer than ${FRAME_LINE_LIMIT} characters` },
    ],
  ] as const)("%s", (_, stdout, required, expected) => {
    const scanner = new FrameScanner();
    scanner.push(stdout);
    expect(scanner.end(required)).toEqual(expected);
  });

  it("keeps extra fields, adds the trusted source, refuses an emitted source, a wrong id or major version", () => {
    expect(checkSkillResult(good, "s", { kind: "script" })).toEqual({
      ok: true,
      skillResult: { ...JSON.parse(good), source: { kind: "script" } },
    });
    expect(
      checkSkillResult(good.replace("{", '{"source":{"kind":"agent","agentCli":"x"},'), "s", { kind: "script" }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("must not include source") });
    expect(checkSkillResult(good, "other", { kind: "script" })).toMatchObject({
      ok: false,
      message: "SkillResult skillId s did not match invoked skill other",
    });
    expect(checkSkillResult(good.replace("1.0.0", "2.0.0"), "s", { kind: "script" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("major version 2"),
    });
    expect(checkSkillResult('{"skillId":"s"}', "s", { kind: "script" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("failed validation"),
    });
  });
});

describe("the SkillResult contract checks", () => {
  it.each([
    [
      { contractVersion: "1.0", skillId: "s", status: "success", checkpoints: [] },
      "contractVersion: must be semver-shaped, like 1.0.0",
    ],
    [
      { contractVersion: "1.0.0", skillId: "", status: "success", checkpoints: [] },
      "skillId: expected a non-empty string",
    ],
    [
      { contractVersion: "1.0.0", skillId: "s", status: "done", checkpoints: [] },
      "status: expected one of success|failed|indeterminate",
    ],
    [{ contractVersion: "1.0.0", skillId: "s", status: "success" }, "checkpoints: missing"],
    [{ status: "success" }, "contractVersion: missing; skillId: missing; checkpoints: missing"],
    [{ contractVersion: "1.0.0", skillId: "s", checkpoints: {} }, "status: missing; checkpoints: expected an array"],
    [
      { contractVersion: "1.0.0", skillId: "s", status: "success", checkpoints: [{ id: "a", status: "maybe" }] },
      "checkpoints.0.status: expected one of ok|failed|skipped",
    ],
    [
      {
        contractVersion: "1.0.0",
        skillId: "s",
        status: "success",
        checkpoints: [],
        terminalVerification: { status: "verified", observed: { kind: "html" } },
      },
      "terminalVerification.observed.kind: expected one of text|json|result_envelope_ref",
    ],
    [
      { contractVersion: "1.0.0", skillId: "s", status: "success", checkpoints: [], inputs: [] },
      "inputs: expected an object",
    ],
  ])("%j is refused: %s", (frame, message) => {
    expect(checkSkillResult(JSON.stringify(frame), "s", { kind: "script" })).toEqual({
      ok: false,
      message: `SkillResult frame failed validation: ${message}`,
    });
  });
});

describe("the frame scanner reads stdout as it streams", () => {
  it("finds the frame across chunk boundaries after output far larger than any line it keeps", () => {
    const scanner = new FrameScanner();
    for (let i = 0; i < 40; i++) scanner.push("y".repeat(100_000));
    scanner.push("\n[Clawperator-Skill");
    scanner.push('-Result]\r\n{"contractVersion":"1.0.0",');
    scanner.push('"skillId":"s","status":"success","checkpoints":[]}\n\n');
    expect(scanner.end(false)).toEqual({
      kind: "json",
      line: '{"contractVersion":"1.0.0","skillId":"s","status":"success","checkpoints":[]}',
    });
  });

  it("a frame line without its final newline still counts", () => {
    const scanner = new FrameScanner();
    scanner.push("[Clawperator-Skill-Result]\n{}");
    expect(scanner.end(true)).toEqual({ kind: "json", line: "{}" });
  });
});
