import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { freePort } from "../../helpers/free-port.ts";
import { spawnCli } from "../../helpers/run-cli.ts";
import { FIXTURE_SKILLS as S, skillMd, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

// Every `clawperator` example of README.md, in order, on a virtual device from a fresh home: each must exit 0 (or,
// marked [until stopped], keep running until stopped). What a virtual device cannot give is marked in the example's
// comment and skipped: [phone], [network], [SDK], [person].
const session = virtualSession();
const makeDir = tempDirs("clawperator-readme-");
const SKIPPED = /\[(phone|network|SDK|person)\]/;

interface Example {
  line: number;
  command: string;
  comment: string;
}

/** The README's shell blocks' `clawperator` lines (and `... | clawperator` pipelines), with their comments. */
function examples(markdown: string): Example[] {
  const found: Example[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
    const first = markdown.slice(0, block.index).split("\n").length + 1;
    block[1]!.split("\n").forEach((text, i) => {
      const at = text.search(/\s{2,}#/);
      const command = (at < 0 ? text : text.slice(0, at)).trim();
      const comment = at < 0 ? "" : text.slice(at).trim();
      if (/^(clawperator |printf .*\| clawperator )/.test(command) || /^#.*a person taps/.test(text.trim()))
        found.push({ line: first + i, command: command || text.trim(), comment });
    });
  }
  return found;
}

let serial = "";
let work = "";
let env: Record<string, string> = {};
let execution = "";
const all = examples(await readFile(join(REPO_ROOT, "README.md"), "utf8"));

beforeAll(async () => {
  const home = await makeDir();
  work = await makeDir();
  env = { ...session.harness.env, HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), KEY: "readme-key-1" };
  const started = await session.json<{ serial: string }>(["virtual", "start", "--detach"], { env });
  serial = started.body.serial;
  // The commands that name no device take this one, though `virtual start` adds another.
  env.CLAWPERATOR_DEVICE_ID = serial;
  // What the examples name: the README's execution, a skills registry with an agent and a skill key, a skill folder
  // to install, an Operator APK a virtual device takes, and a server port of the test's own.
  const md = await readFile(join(REPO_ROOT, "README.md"), "utf8");
  execution = /```json\n(\{[\s\S]*?"actions"[\s\S]*?\})\n```/.exec(md)![1]!;
  await writeFile(join(work, "execution.json"), execution);
  await writeSkillsRepo(work);
  await mkdir(join(work, "my-skill"));
  await writeFile(join(work, "my-skill", "SKILL.md"), skillMd("my-skill", "A skill of the reader's own"));
  await writeFile(
    join(work, "clawperator.config.json"),
    JSON.stringify({ agents: { list: [{ id: "main", default: true }] }, serve: { port: await freePort() } }),
  );
  const apk = await session.cli(["virtual", "operator-apk", "--out", join(work, "operator.apk")], { env });
  expect(apk.exitCode).toBe(0);
});

afterAll(async () => {
  // `virtual start --detach` started one more.
  await session.cli(["virtual", "stop", "--all"], { env });
});

/** The example's words, optional brackets opened, placeholders filled (a word at a time, so JSON stays one). */
function argvOf(command: string): string[] {
  const opened = command.replace(/\[([^\]]+)\]/g, "$1").replace("<args for the script>", "hello");
  const words = [...opened.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  const fills: Record<string, string> = {
    "<serial>": serial,
    // A skill of an app the virtual device has (a registry skill needs its app on the device).
    "<skill_id>": S.device.id,
    "<skill>": S.echo.id,
    "<skillKey>": S.echo.id,
    "<agent>": "main",
    "<dir>": "./myskills",
    "<json>": execution,
  };
  return words.map((w) => fills[w] ?? w.replace(/^~\//, `${env.HOME}/`));
}

describe("README.md's examples, in order, on a virtual device", () => {
  it("finds the examples", () => {
    expect(all.length).toBeGreaterThan(40);
  });

  for (const example of all) {
    const skipped = SKIPPED.exec(example.comment);
    const name = `line ${example.line}: ${example.command}`;
    if (skipped) {
      it.skip(`${name} (needs ${skipped[1]})`, () => undefined);
      continue;
    }
    it(name, async () => {
      if (example.command.startsWith("#")) {
        // "a person taps": a finger on the virtual device, which the recording sees as a person's, from home.
        // Settings closed first, so it opens on its main page rather than where the last example left it.
        for (const argv of [
          ["action", "close-app", "--app", "com.android.settings"],
          ["action", "press-key", "--key", "home"],
        ])
          expect((await session.cli([...argv, "--device-id", serial], { env })).exitCode).toBe(0);
        for (const text of ["Settings", "Display"]) {
          const touched = await session.cli(["virtual", "touch", serial, "--text", text], { env });
          expect(touched.exitCode, touched.stdout).toBe(0);
        }
        return;
      }
      const pipeline = /^printf '%s' "\$KEY" \| (.*)$/.exec(example.command);
      const argv = argvOf(pipeline ? pipeline[1]! : example.command).slice(1);
      const child = spawnCli(argv, {
        cwd: work,
        env,
        timeoutMs: 90_000,
        ...(pipeline ? { input: env.KEY! } : {}),
        ...(/\[until stopped\]/.test(example.comment) ? { stdin: "pipe" as const } : {}),
      });
      if (/\[until stopped\]/.test(example.comment)) {
        // A server: running once it has said where it listens, then stopped as a person stops it.
        await new Promise<void>((resolve, reject) => {
          child.stdout!.once("data", () => resolve());
          void child.then((r) => reject(new Error(`exited ${r.exitCode}: ${r.stdout}${r.stderr}`)));
        });
        child.kill("SIGTERM");
        const stopped = await child;
        expect(stopped.exitCode, `${stopped.signal ?? ""}\n${stopped.stdout}\n${stopped.stderr}`).toBe(0);
        return;
      }
      const result = await child;
      expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    });
  }
});
