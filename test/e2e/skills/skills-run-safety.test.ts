import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processAlive } from "../../../core/host/process-alive.ts";
import { holdSpawn, pidWritten, stillRunning } from "../../helpers/interrupted-group.ts";
import { cliSandbox, json, spawnCli } from "../../helpers/run-cli.ts";
import { entry } from "../../helpers/skills-fixture.ts";
import { tempDirs, writeFiles } from "../../helpers/temp-dirs.ts";

/** The fields of a `skills run --json` answer these tests read. */
interface RunBody {
  status: string;
  output: string;
  message: string;
  warnings?: string[];
  truncated: { stdout: number };
}

const cli = cliSandbox();
const makeDir = tempDirs("clawperator-skills-safety-");
let repo = "";
let env: Record<string, string> = {};
/** Pid files the scripts write for the processes they leave behind; whatever is still alive is killed afterwards. */
const pidFiles: string[] = [];

const FRAME = (id: string) =>
  `echo "[Clawperator-Skill-Result]"\necho '{"contractVersion":"1.0.0","skillId":"${id}","status":"success","checkpoints":[]}'\n`;

/** One shell script per behaviour; "$1" is a path the test gives (a pid file or a marker). */
const SCRIPTS: Record<string, string> = {
  "t.fork": 'sleep 300 &\necho $! > "$1"\necho forked\nexit 0\n',
  "t.escape": 'setsid sh -c \'echo $$ > "$0"; exec sleep 300\' "$1" &\nsleep 1\necho escaped\nexit 0\n',
  "t.hang": 'sleep 300 &\necho $! > "$1"\nwait\n',
  "t.loud": `echo EARLY-MARK\nhead -c 3000000 /dev/zero | tr '\\0' x\necho\n${FRAME("t.loud")}`,
  "t.oneline": 'echo "[Clawperator-Skill-Result] {\\"status\\":\\"success\\"}"\n',
  "t.marker": 'echo "arg=$1"\n[ -z "$2" ] || touch "$2"\n',
};

beforeAll(async () => {
  repo = await makeDir();
  const entries = Object.keys(SCRIPTS).map((id) => entry(id, "com.example.app", id.slice(2), id, ["run.sh"]));
  const files: Record<string, string> = {
    "skills/skills-registry.json": JSON.stringify({ schemaVersion: "1.0", skills: entries }),
  };
  for (const e of entries) {
    files[`${e.path}/SKILL.md`] = `---\nname: ${e.id}\ndescription: ${e.id}\n---\n`;
    files[`${e.path}/skill.json`] = JSON.stringify(e);
    files[`${e.path}/scripts/run.sh`] = `#!/bin/sh\n${SCRIPTS[e.id]}`;
  }
  await writeFiles(repo, files);
  const { chmod } = await import("node:fs/promises");
  for (const e of entries) await chmod(join(repo, e.path, "scripts/run.sh"), 0o755);
  env = { CLAWPERATOR_SKILLS_REGISTRY: join(repo, "skills/skills-registry.json") };
});

afterAll(async () => {
  for (const file of pidFiles) {
    const pid = existsSync(file) ? Number(await readFile(file, "utf8")) : 0;
    if (pid > 1 && processAlive(pid)) process.kill(pid, "SIGKILL");
  }
});

const pidFile = async (name: string) => {
  const file = join(await makeDir(), `${name}.pid`);
  pidFiles.push(file);
  return file;
};
const pidIn = async (file: string) => Number(await readFile(file, "utf8"));
const dead = async (file: string) => (await stillRunning(await pidIn(file))) === undefined;

/** Runs `skills run` with a hang detector far beyond anything these runs should take. */
async function runSkill(args: string[], extra: Record<string, string> = {}) {
  const child = spawnCli(["skills", "run", ...args], {
    cwd: cli.project,
    env: { HOME: repo, ...env, ...extra },
    timeoutMs: 60_000,
  });
  const result = await child;
  expect(result.timedOut, `skills run ${args.join(" ")} hung`).toBe(false);
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe("skills run: the script's process group", () => {
  it("a background child left by a script that exited is stopped, reported, and does not hold the run", async () => {
    const file = await pidFile("fork");
    const result = await runSkill(["t.fork", "--timeout-ms", "5000", "--", file]);
    expect(result.exitCode, result.stdout).toBe(0);
    const body = json<RunBody>(result);
    expect(body).toMatchObject({ status: "success", output: "forked\n" });
    expect(body.warnings).toEqual([expect.stringMatching(/left processes running .* stopped/)]);
    expect(await dead(file)).toBe(true);
  });

  it("a child that escaped the group with setsid cannot hold the run: reading stops after a grace period, and says so", async () => {
    const file = await pidFile("escape");
    const result = await runSkill(["t.escape", "--timeout-ms", "5000", "--", file]);
    expect(result.exitCode, result.stdout).toBe(0);
    const body = json<RunBody>(result);
    expect(body).toMatchObject({ status: "success", output: "escaped\n" });
    expect(body.warnings).toEqual([expect.stringMatching(/still held the script's output .* stopped reading/)]);
  });

  it("at the timeout the whole group is stopped: SKILL_EXECUTION_TIMEOUT, and no child survives", async () => {
    const file = await pidFile("hang");
    const result = await runSkill(["t.hang", "--timeout-ms", "1500", "--", file]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "SKILL_EXECUTION_TIMEOUT", skillId: "t.hang" });
    expect(await dead(file)).toBe(true);
  });

  // "held": the CLI is stopped right after the script started, before spawn returned to it, as a busy machine does
  // at random (the test saw the script running and sent SIGINT in that gap: the CLI died of it, the group ran on).
  it.each([["once it is running"], ["held"]])(
    "an interrupted run (SIGINT to the CLI) takes the script's group with it: %s",
    async (timing) => {
      const file = await pidFile("sigint");
      const go = join(await makeDir(), "go");
      const held = timing === "held";
      const hold = held ? holdSpawn(go) : { env: {} };
      const child = spawnCli(["skills", "run", "t.hang", "--", file], {
        ...hold,
        cwd: cli.project,
        env: { HOME: repo, ...env, ...hold.env },
        timeoutMs: 60_000,
      });
      const pid = await pidWritten(file);
      child.kill("SIGINT");
      if (held) await writeFile(go, "");
      const result = await child;
      expect(result.timedOut).toBe(false);
      expect(result.signal).toBe("SIGINT");
      expect(await stillRunning(pid), `${result.stderr} ${result.stdout}`).toBeUndefined();
    },
  );
});

describe("skills run: output is capped", () => {
  it("keeps the last 1 MiB of a 3 MB output with a marker, and still finds the final frame and early text", async () => {
    const result = await runSkill(["t.loud", "--expect-contains", "EARLY-MARK"]);
    expect(result.exitCode, result.stdout.slice(0, 300)).toBe(0);
    expect(result.stdout.length).toBeLessThan(1_100_000);
    const body = json<RunBody>(result);
    expect(body).toMatchObject({
      status: "success",
      skillResult: { status: "success", skillId: "t.loud" },
      expectedSubstring: "EARLY-MARK",
    });
    expect(body.truncated).toEqual({ stdout: expect.any(Number) });
    expect(body.truncated.stdout).toBeGreaterThan(3_000_000 - 1_048_576);
    expect(body.output.startsWith(`[clawperator: ${body.truncated.stdout} earlier bytes of stdout dropped`)).toBe(true);
    expect(body.output).not.toContain("EARLY-MARK");
    expect(body.output.endsWith('"checkpoints":[]}\n')).toBe(true);
  });

  it("the cap comes from config skills.maxOutputBytes; pretty mode still streams everything live", async () => {
    const project = await makeDir({
      "clawperator.config.mjs": "export default { skills: { maxOutputBytes: 4096 } };\n",
    });
    const capped = spawnCli(["skills", "run", "t.loud"], { cwd: project, env: { HOME: repo, ...env } });
    const body = JSON.parse(String((await capped).stdout));
    expect(body.status).toBe("success");
    expect(Buffer.byteLength(body.output)).toBeLessThan(4096 + 100);
    const pretty = await spawnCli(["skills", "run", "t.loud", "--output", "pretty"], {
      cwd: project,
      env: { HOME: repo, ...env },
    });
    expect(pretty.exitCode).toBe(0);
    expect(String(pretty.stdout)).toContain(`EARLY-MARK\n${"x".repeat(3_000_000)}\n`);
  });
});

describe("skills run: frames and device serials (issue 21, also)", () => {
  it("a frame on the marker's own line is read, and an invalid one says which fields are missing", async () => {
    const result = await runSkill(["t.oneline"]);
    expect(result.exitCode).toBe(1);
    const body = json<{ message: string }>(result);
    expect(body).toMatchObject({ status: "failed", code: "SKILL_RESULT_PARSE_FAILED", skillResult: null });
    expect(body.message).toBe(
      "SkillResult frame failed validation: contractVersion: missing; skillId: missing; checkpoints: missing",
    );
  });

  it.each([["$(touch /tmp/x)"], ["a b"], ["-s"], ["emulator-5554;id"], ["x\ny"]])(
    "a device serial adb would never print (%j) is INVALID_DEVICE_ID, before the script runs",
    async (serial) => {
      const marker = join(await makeDir(), "ran");
      const result = await runSkill(["t.marker", "--device", serial, "--", marker]);
      expect(result.exitCode).toBe(1);
      expect(json(result)).toMatchObject({ code: "INVALID_DEVICE_ID" });
      expect(existsSync(marker)).toBe(false);
    },
  );

  it.each([["emulator-5554"], ["192.168.1.20:5555"], ["adb-R58M1234-AbCdEf._adb-tls-connect._tcp"]])(
    "the serial %s reaches the script",
    async (serial) => {
      const body = json<{ status: string; output: string }>(await runSkill(["t.marker", "--device", serial]));
      expect(body.status, JSON.stringify(body)).toBe("success");
      expect(body.output).toBe(`arg=${serial}\n`);
    },
  );
});
