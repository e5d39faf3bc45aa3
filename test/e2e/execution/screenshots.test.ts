import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { STACK_FRAME } from "../../helpers/run-cli.ts";
import { execution, PNG_SIGNATURE } from "./support.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

// A payload's screenshot path is confined and never clobbers a file that is not a PNG;
// a screenshot that cannot be written fails its step and the run, with the reason.
const session = virtualSession();
let outside: string;

beforeAll(async () => {
  await session.startDevice();
  outside = await mkdtemp(join(tmpdir(), "clawperator-outside-"));
});
afterAll(() => rm(outside, { recursive: true, force: true }));

const shot = (path: string) => ({ id: "shot", type: "take_screenshot", params: { path } });

async function execute(actions: unknown[], env?: Record<string, string>) {
  return session.json<ExecutionOutput>(
    ["execute", "--execution", JSON.stringify(execution(actions))],
    env ? { env } : {},
  );
}

/** A failed run: exit 1, the envelope failed with the step's code, the step naming why; no stack trace. */
function expectFailedStep(run: { exitCode: number; body: ExecutionOutput; stderr: string }, code: string): string {
  expect(run.exitCode).toBe(1);
  expect(run.stderr).not.toMatch(STACK_FRAME);
  expect(run.body).toMatchObject({ ok: false, envelope: { status: "failed", errorCode: code } });
  const step = run.body.envelope.stepResults.find((s) => s.actionType === "take_screenshot");
  expect(step).toMatchObject({ success: false, data: { error: code } });
  return step!.data.message!;
}

const isPng = (path: string) => readFileSync(path).subarray(0, 8).equals(PNG_SIGNATURE);

describe("take_screenshot from a payload", () => {
  it("writes inside the working directory (the default allowed dir), privately", async () => {
    const run = await execute([shot("shots-ok.png")]);
    expect(run.exitCode).toBe(0);
    const path = join(session.harness.home, "shots-ok.png");
    expect(run.body.envelope.stepResults[0]).toMatchObject({ success: true, data: { path } });
    expect(isPng(path)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("never replaces an existing file that is not a PNG", async () => {
    const victim = join(session.harness.home, "victim.txt");
    writeFileSync(victim, "keep-me\n");
    const message = expectFailedStep(await execute([shot(victim)]), "SCREENSHOT_PATH_REFUSED");
    expect(message).toContain("exists and is not a PNG");
    expect(readFileSync(victim, "utf8")).toBe("keep-me\n");
  });

  it.each([
    ["a path outside the allowed dirs", () => join(outside, "x.png")],
    ["a .. escape", () => `${session.harness.home}/../escape.png`],
    ["a symlink out of the allowed dirs", () => join(session.harness.home, "to-outside", "x.png")],
  ])("refuses %s and writes nothing", async (_what, pathOf) => {
    if (!existsSync(join(session.harness.home, "to-outside")))
      symlinkSync(outside, join(session.harness.home, "to-outside"));
    const path = pathOf();
    expectFailedStep(await execute([shot(path)]), "SCREENSHOT_PATH_REFUSED");
    expect(existsSync(path)).toBe(false);
  });

  it("config screenshots.allowedDirs decides where payloads may write", async () => {
    const project = join(session.harness.home, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, ".clawperatorrc.json"), JSON.stringify({ screenshots: { allowedDirs: [outside] } }));
    const run = await session.json<ExecutionOutput>([
      "execute",
      "--execution",
      JSON.stringify(execution([shot(join(outside, "allowed.png"))])),
      "--config",
      join(project, ".clawperatorrc.json"),
    ]);
    expect(run.exitCode).toBe(0);
    expect(isPng(join(outside, "allowed.png"))).toBe(true);
  });

  it("the next execution on the device succeeds after a refused one", async () => {
    expect((await execute([{ id: "snap", type: "snapshot_ui" }])).exitCode).toBe(0);
  });
});

describe("observe screenshot --path (a person's path)", () => {
  it("may write outside the allowed dirs", async () => {
    const path = join(outside, "person.png");
    const run = await session.json<ExecutionOutput>(["observe", "screenshot", "--path", path]);
    expect(run.exitCode).toBe(0);
    expect(isPng(path)).toBe(true);
  });

  it("replaces a file that is not a PNG only with --force", async () => {
    const path = join(outside, "notes.txt");
    writeFileSync(path, "notes");
    const message = expectFailedStep(
      await session.json<ExecutionOutput>(["observe", "screenshot", "--path", path]),
      "SCREENSHOT_PATH_REFUSED",
    );
    expect(message).toContain("--force");
    expect(readFileSync(path, "utf8")).toBe("notes");
    const forced = await session.json<ExecutionOutput>(["observe", "screenshot", "--path", path, "--force"]);
    expect(forced.exitCode).toBe(0);
    expect(isPng(path)).toBe(true);
  });

  const readOnly = () => {
    // root writes through permissions; sysfs refuses new files
    if (process.getuid?.() === 0) return "/sys/clawperator-screenshot.png";
    const dir = join(outside, "read-only");
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o500);
    return join(dir, "x.png");
  };

  it.each([
    ["a missing directory", () => join(outside, "missing", "x.png"), "its directory does not exist (ENOENT)"],
    ["a directory", () => outside, "is a directory"],
    ["a read-only place", readOnly, "permission denied (EACCES)"],
    ["a full disk (/dev/full)", () => "/dev/full", "no space left on the device (ENOSPC)"],
  ])("to %s is a failed step and exit 1 with the reason", async (_what, pathOf, reason) => {
    const message = expectFailedStep(
      await session.json<ExecutionOutput>(["observe", "screenshot", "--path", pathOf()]),
      "SCREENSHOT_WRITE_FAILED",
    );
    expect(message).toContain(reason);
  });

  it("without --path writes a private temp file", async () => {
    const run = await session.json<ExecutionOutput>(["observe", "screenshot"]);
    expect(run.exitCode).toBe(0);
    expect(statSync(run.body.envelope.stepResults[0]!.data.path!).mode & 0o777).toBe(0o600);
  });
});
