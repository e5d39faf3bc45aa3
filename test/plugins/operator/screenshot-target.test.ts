import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allowedDirsOf } from "../../../core/host/allowed-paths.ts";
import {
  screenshotTarget,
  ScreenshotFailure,
  type TargetPolicy,
} from "../../../plugins/operator/screenshots/screenshot-target.ts";
import { writeScreenshot } from "../../../plugins/operator/screenshots/write-screenshot.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-shot-");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function failure(run: () => unknown): ScreenshotFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof ScreenshotFailure) return error;
    throw error;
  }
  throw new Error("expected a ScreenshotFailure");
}

/** An allowed directory with a file of each kind, and a directory outside it. */
async function layout() {
  const allowed = await makeDir({ "notes.txt": "keep me", "empty.png": "" });
  writeFileSync(join(allowed, "old.png"), PNG);
  const outside = await makeDir({ "secret.txt": "secret" });
  mkdirSync(join(allowed, "sub"));
  symlinkSync(outside, join(allowed, "out"));
  symlinkSync(join(outside, "secret.txt"), join(allowed, "link.png"));
  const payload: TargetPolicy = { origin: "payload", force: false, allowedDirs: [allowed], cwd: allowed };
  return { allowed, outside, payload, person: { ...payload, origin: "person" as const } };
}

describe("screenshotTarget: a payload's path", () => {
  it("is accepted inside an allowed directory, relative to the working directory or absolute", async () => {
    const { allowed, payload } = await layout();
    expect(screenshotTarget("new.png", payload)).toEqual({ path: join(allowed, "new.png"), kind: "file" });
    expect(screenshotTarget(join(allowed, "sub", "a.png"), payload)).toEqual({
      path: join(allowed, "sub", "a.png"),
      kind: "file",
    });
    expect(screenshotTarget("old.png", payload).path).toBe(join(allowed, "old.png"));
    expect(screenshotTarget("empty.png", payload).path).toBe(join(allowed, "empty.png"));
  });

  it.each([
    ["../escape.png", "is outside the directories an agent's paths may name"],
    ["sub/../../escape.png", "is outside the directories an agent's paths may name"],
    ["/etc/clawperator.png", "is outside the directories an agent's paths may name"],
    ["out/x.png", "leads out of the allowed directories through a symbolic link"],
    ["link.png", "is a symbolic link"],
    ["notes.txt", "exists and is not a PNG; it was left untouched"],
  ])("%s is SCREENSHOT_PATH_REFUSED (%s)", async (requested, reason) => {
    const { payload } = await layout();
    const error = failure(() => screenshotTarget(requested, payload));
    expect(error.code).toBe("SCREENSHOT_PATH_REFUSED");
    expect(error.message).toContain(reason);
  });

  it("a directory is SCREENSHOT_WRITE_FAILED", async () => {
    const { payload } = await layout();
    expect(failure(() => screenshotTarget("sub", payload))).toMatchObject({
      code: "SCREENSHOT_WRITE_FAILED",
      message: "sub is a directory",
    });
  });

  it("--force does not apply to a payload", async () => {
    const { payload } = await layout();
    expect(failure(() => screenshotTarget("notes.txt", { ...payload, force: true })).code).toBe(
      "SCREENSHOT_PATH_REFUSED",
    );
  });
});

describe("screenshotTarget: a person's path (--path)", () => {
  it("may point anywhere, but replaces a non-PNG only with force", async () => {
    const { outside, person } = await layout();
    expect(screenshotTarget(join(outside, "shot.png"), person).path).toBe(join(outside, "shot.png"));
    const error = failure(() => screenshotTarget(join(outside, "secret.txt"), person));
    expect(error).toMatchObject({ code: "SCREENSHOT_PATH_REFUSED" });
    expect(error.message).toContain("pass --force to replace it");
    expect(screenshotTarget(join(outside, "secret.txt"), { ...person, force: true }).path).toBe(
      join(outside, "secret.txt"),
    );
  });

  it("a symlink is followed, and its target checked", async () => {
    const { allowed, outside, person } = await layout();
    expect(failure(() => screenshotTarget(join(allowed, "link.png"), person)).code).toBe("SCREENSHOT_PATH_REFUSED");
    expect(screenshotTarget(join(allowed, "link.png"), { ...person, force: true }).path).toBe(
      join(outside, "secret.txt"),
    );
  });

  it("a character device is written as a stream", async () => {
    const { person } = await layout();
    expect(screenshotTarget("/dev/null", person)).toEqual({ path: "/dev/null", kind: "stream" });
  });
});

describe("allowedDirsOf", () => {
  it("defaults to the working directory and the OS temp directory; configured ones resolve from the config file", () => {
    expect(allowedDirsOf(undefined, "/p/clawperator.config.ts", "/work")).toEqual(["/work", tmpdir()]);
    expect(allowedDirsOf(["shots", "/abs", "~/pics"], "/p/clawperator.config.ts", "/work")).toEqual([
      "/p/shots",
      "/abs",
      join(process.env.HOME ?? "", "pics"),
    ]);
  });
});

describe("writeScreenshot", () => {
  it("writes a private file atomically, replacing an old PNG, and leaves nothing aside", async () => {
    const { allowed } = await layout();
    const path = join(allowed, "old.png");
    await writeScreenshot({ path, kind: "file" }, Buffer.from("new image"));
    expect(readFileSync(path, "utf8")).toBe("new image");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(allowed).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it.each([
    ["a missing directory", (dir: string) => join(dir, "missing", "x.png"), "its directory does not exist (ENOENT)"],
    ["a full disk (/dev/full)", () => "/dev/full", "no space left on the device (ENOSPC)"],
  ])("%s is SCREENSHOT_WRITE_FAILED with the reason", async (_what, pathOf, reason) => {
    const { allowed } = await layout();
    const path = pathOf(allowed);
    const kind = path.startsWith("/dev/") ? "stream" : "file";
    const error = await writeScreenshot({ path, kind }, PNG).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ScreenshotFailure);
    expect(error).toMatchObject({
      code: "SCREENSHOT_WRITE_FAILED",
      message: `${path} could not be written: ${reason}`,
    });
  });
});
