import { beforeAll, describe, expect, it } from "vitest";
import { CLI_BIN } from "../../helpers/cli-paths.ts";
import { cliSandbox, json, STACK_FRAME } from "../../helpers/run-cli.ts";
import { FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import type { SkillRunOutcome } from "../../../core/services/skills.ts";
import type { ErrorOutput, SkillRunFailureOutput } from "../../helpers/cli-output.ts";

const cli = cliSandbox();
const makeDir = tempDirs("clawperator-skills-");
let env: Record<string, string> = {};

beforeAll(async () => {
  const repo = await makeDir();
  const { registry, agentBin } = await writeSkillsRepo(repo);
  env = { CLAWPERATOR_SKILLS_REGISTRY: registry, PATH: `${agentBin}:${process.env.PATH}` };
});

const run = (args: string[], extra: Record<string, string> = {}) =>
  cli.run(["skills", "run", ...args], { env: { ...env, ...extra } });

describe("skills run", () => {
  it("runs the .js script with forwarded arguments, the runtime's variables, and the parsed SkillResult", async () => {
    const result = await run([S.echo.id, "--device", "emulator-5554", "--limit", "40", "--", "--timeout", "x"]);
    expect(result.exitCode, result.stdout).toBe(0);
    const body = json<SkillRunOutcome>(result);
    expect(body).toMatchObject({
      status: "success",
      skillId: S.echo.id,
      exitCode: 0,
      skillResult: { status: "success", source: { kind: "script" } },
    });
    expect(body.durationMs).toEqual(expect.any(Number));
    expect(body).not.toHaveProperty("timeoutMs");
    expect(body.output).toContain('args=["emulator-5554","--limit","40","--timeout","x"]');
    const envLine = JSON.parse(/env=(.*)/.exec(body.output)![1]!);
    expect(envLine).toMatchObject({
      bin: CLI_BIN,
      device: "emulator-5554",
      pkg: "com.clawperator.operator",
      inputs: '["--limit","40","--timeout","x"]',
    });
    // stderr stays out of the JSON success shape; output is stdout only.
    expect(body.output).not.toContain("progress on stderr");
  });

  it("echoes --timeout and --expect-contains, and passes --operator-package to the script", async () => {
    const body = json<SkillRunOutcome>(
      await run([
        S.echo.id,
        "--timeout",
        "15000",
        "--expect-contains",
        "args=",
        "--operator-package",
        "com.clawperator.operator.dev",
      ]),
    );
    expect(body).toMatchObject({ status: "success", timeoutMs: 15000, expectedSubstring: "args=" });
    expect(JSON.parse(/env=(.*)/.exec(body.output)![1]!).pkg).toBe("com.clawperator.operator.dev");
  });

  it("runs a .sh-only skill with its shebang", async () => {
    const body = json<SkillRunOutcome>(await run([S.shell.id, "a", "b"]));
    expect(body).toMatchObject({ status: "success", skillResult: null });
    expect(body.output).toContain("shell args: a b");
  });

  it("SKILL_EXECUTION_FAILED with exit code, stdout and stderr", async () => {
    const result = await run([S.fails.id]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toEqual({
      status: "failed",
      code: "SKILL_EXECUTION_FAILED",
      message: `Skill ${S.fails.id} exited with code 2`,
      skillId: S.fails.id,
      exitCode: 2,
      stdout: "partial\n",
      stderr: "Timed out waiting for expected node\n",
      skillResult: null,
    });
  });

  it("SKILL_EXECUTION_FAILED when the script cannot start (a .sh without the execute bit)", async () => {
    const dir = await makeDir();
    const { registry } = await writeSkillsRepo(dir);
    const { chmod } = await import("node:fs/promises");
    await chmod(`${dir}/${S.shell.path}/scripts/run.sh`, 0o644);
    const body = json<SkillRunFailureOutput>(await run([S.shell.id], { CLAWPERATOR_SKILLS_REGISTRY: registry }));
    expect(body).toMatchObject({
      status: "failed",
      code: "SKILL_EXECUTION_FAILED",
      skillId: S.shell.id,
      skillResult: null,
    });
    expect(body.message).toMatch(/^Skill com\.example\.app\.shell-only EACCES: /);
  });

  it("SKILL_EXECUTION_TIMEOUT keeps what the skill printed", async () => {
    const result = await run([S.slow.id, "--timeout", "1500"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({
      code: "SKILL_EXECUTION_TIMEOUT",
      message: `Skill ${S.slow.id} timed out after 1500ms`,
      stdout: '{"stage":"before-timeout"}\n',
    });
  });

  it("SKILL_OUTPUT_ASSERTION_FAILED names the expected text", async () => {
    const body = json<SkillRunFailureOutput>(await run([S.shell.id, "--expect-contains", "missing-value"]));
    expect(body).toMatchObject({
      code: "SKILL_OUTPUT_ASSERTION_FAILED",
      expectedSubstring: "missing-value",
      skillResult: null,
    });
    expect(body.output).toContain("shell args:");
  });

  it("SKILL_RESULT_PARSE_FAILED for a malformed frame", async () => {
    const body = json<SkillRunFailureOutput>(await run([S.badFrame.id]));
    expect(body).toMatchObject({
      code: "SKILL_RESULT_PARSE_FAILED",
      stdout: "[Clawperator-Skill-Result]\n{not-json\n",
      skillResult: null,
    });
    expect(body.message).toMatch(/^SkillResult frame contained invalid JSON: /);
  });

  it("the validation gate stops a skill with missing files; --skip-validate reaches SKILL_SCRIPT_NOT_FOUND", async () => {
    const gated = json<ErrorOutput>(await run([S.missingScript.id]));
    expect(gated.code).toBe("SKILL_VALIDATION_FAILED");
    expect(gated.message).toBe(`Skill ${S.missingScript.id} is missing required files`);
    expect(gated.details!.missingFiles).toEqual([
      expect.stringMatching(/com\.example\.app\.missing-script\/scripts\/run\.js$/),
    ]);
    const skipped = json<SkillRunFailureOutput>(await run([S.missingScript.id, "--skip-validate"]));
    expect(skipped).toMatchObject({ code: "SKILL_SCRIPT_NOT_FOUND", skillId: S.missingScript.id });
    expect(skipped.message).toMatch(/^Script not found: \/.*scripts\/run\.js$/);
  });

  it("refuses a registry path outside the skills root, even with --skip-validate", async () => {
    for (const flags of [[], ["--skip-validate"]]) {
      const result = await run([S.escape.id, ...flags]);
      expect(result.exitCode).toBe(1);
      expect(json<ErrorOutput>(result).code).toBe("SKILL_VALIDATION_FAILED");
      expect(json<ErrorOutput>(result).message).toContain("outside the skills root");
    }
  });

  it("an orchestrated skill runs its harness with the agent CLI and gets the trusted source", async () => {
    const body = json<SkillRunOutcome>(await run([S.orchestrated.id, "--", "goal", "42"]));
    expect(body).toMatchObject({
      status: "success",
      skillResult: { status: "success", source: { kind: "agent", agentCli: "fake-agent" } },
    });
    expect(body.output).toContain(`agent read name: ${S.orchestrated.id}`);
    expect(body.output).toContain('inputs ["goal","42"]');
  });

  it("SKILL_AGENT_CLI_UNAVAILABLE before the harness starts", async () => {
    const body = json<SkillRunFailureOutput>(await run([S.noAgent.id]));
    expect(body).toMatchObject({ code: "SKILL_AGENT_CLI_UNAVAILABLE", skillId: S.noAgent.id });
    expect(body.message).toContain("'no-such-agent-cli' was not found on PATH");
  });

  it("declared verification: proved is success, unproved is indeterminate (exit 1) with the emitted result kept", async () => {
    const proved = await run([S.verified.id, "Alice"]);
    expect(proved.exitCode).toBe(0);
    expect(json<SkillRunOutcome>(proved).status).toBe("success");
    const unproved = await run([S.verified.id, "Alice"], { OBSERVED: "Bob" });
    expect(unproved.exitCode).toBe(1);
    expect(json(unproved)).toMatchObject({
      status: "indeterminate",
      code: "SKILL_VERIFICATION_INDETERMINATE",
      message: "Declared verification was not proved.",
      skillId: S.verified.id,
      exitCode: 0,
      skillResult: { status: "success", terminalVerification: { observed: { text: "Bob" } } },
    });
  });

  it("usage errors: no id, --expect-contains without a value; unknown skill", async () => {
    expect(json(await run([]))).toMatchObject({
      code: "USAGE",
      message: "skills run <skill_id> [--device-id <id>] [-- <extra_args>]",
    });
    expect(json(await run([S.echo.id, "--expect-contains"]))).toMatchObject({
      code: "USAGE",
      message: "--expect-contains requires a value",
    });
    const missing = await run(["com.nope.skill"]);
    expect(missing.exitCode).toBe(1);
    expect(json(missing)).toMatchObject({ code: "SKILL_NOT_FOUND", message: "Skill not found: com.nope.skill" });
    expect(missing.stdout + missing.stderr).not.toMatch(STACK_FRAME);
  });

  it("a blocked skill is SKILL_NOT_ELIGIBLE naming what is missing; config env and apiKey unblock it for the child only", async () => {
    const blocked = json(await run([S.gated.id]));
    expect(blocked).toMatchObject({
      code: "SKILL_NOT_ELIGIBLE",
      details: { missing: { env: ["NEEDS_KEY_TOKEN"] }, blockedByAgentFilter: false },
    });
    const config =
      `export default { skills: { entries: { "${S.gated.id}": { apiKey: "sekret-value", env: { PATH: "/evil", ` +
      `LD_PRELOAD: "/evil.so" } } } } };\n`;
    const { writeFile } = await import("node:fs/promises");
    await writeFile(`${cli.project}/clawperator.config.mjs`, config);
    try {
      const ok = await run([S.gated.id]);
      expect(ok.exitCode, ok.stdout).toBe(0);
      expect(json<SkillRunOutcome>(ok).output).toBe("key=set\n");
      expect(ok.stderr).toContain("may not set PATH, LD_PRELOAD");
      const status = await cli.run(["skills", "status", "--json"], { env });
      expect(status.stdout).not.toContain("sekret-value");
    } finally {
      const { rm } = await import("node:fs/promises");
      await rm(`${cli.project}/clawperator.config.mjs`);
    }
  });

  it("pretty mode streams the skill's output under a banner", async () => {
    const result = await run([S.shell.id, "hello", "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^── skill com\.example\.app\.shell-only ──\nshell args: hello\n/);
    expect(result.stdout).toMatch(/── success \(exit 0, \d+ ms\)/);
  });
});
