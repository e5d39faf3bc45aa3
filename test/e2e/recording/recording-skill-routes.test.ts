import { writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { HttpErrorBody } from "../../helpers/cli-output.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { anExecution, startServe, type RunningServe } from "../serve/serve-process.ts";

// POST /recording/parse and POST /skills/new: the server reads the recording from the device
// itself; the skill is written under serve's working directory, as `skills new` without --out writes it.
const session = virtualSession();
const makeDir = tempDirs("clawperator-skill-routes-");
let device: RunningVirtualDevice;
let serve: RunningServe;
let cwd = "";

interface Parsed {
  ok: boolean;
  sessionId: string;
  deviceId: string;
  stepCount: number;
  stepLog: { sessionId: string; schemaVersion: number; steps: Array<{ type: string; text?: string | null }> };
}

interface NewSkill {
  ok: boolean;
  skillId: string;
  skillDir: string;
  registry: string;
  files: string[];
  usage: string;
  skillMd: string;
  sessionId: string;
}

beforeAll(async () => {
  cwd = await makeDir();
  device = await session.startDevice();
  serve = await startServe(session, [], { cwd });
  const body = (sessionId?: string) => ({ deviceId: device.serial, ...(sessionId ? { sessionId } : {}) });
  expect((await serve.request<{ ok: boolean }>("/recording/start", { body: body("routes-flow") })).body.ok).toBe(true);
  const click = anExecution([{ id: "c", type: "click", params: { matcher: { contentDescEquals: "Settings" } } }]);
  const clicked = await serve.request<{ ok: boolean }>("/execute", {
    body: { deviceId: device.serial, execution: click },
  });
  expect(clicked.body.ok, JSON.stringify(clicked.body)).toBe(true);
  expect((await serve.request<{ ok: boolean }>("/recording/stop", { body: body() })).body.ok).toBe(true);
});
afterAll(async () => {
  await serve?.stop();
});

describe("POST /recording/parse", () => {
  it("answers the step log of the device's latest recording and writes nothing", async () => {
    const parsed = await serve.request<Parsed>("/recording/parse", { body: { deviceId: device.serial } });
    expect(parsed.status, JSON.stringify(parsed.body)).toBe(200);
    expect(parsed.body).toMatchObject({ ok: true, sessionId: "routes-flow", deviceId: device.serial });
    expect(parsed.body.stepLog.schemaVersion).toBe(1);
    expect(parsed.body.stepLog.steps.map((s) => s.type)).toContain("click");
    expect(parsed.body.stepCount).toBe(parsed.body.stepLog.steps.length);
    expect(existsSync(join(cwd, "recordings"))).toBe(false);
  });

  it("refuses a session that is not there, a bad session id, a file that is no recording, and a bad body", async () => {
    const missing = await serve.request<HttpErrorBody>("/recording/parse", {
      body: { deviceId: device.serial, sessionId: "no-such-session" },
    });
    expect([missing.status, missing.body.error.code]).toEqual([502, "RECORDING_PULL_FAILED"]);
    const traversal = await serve.request<HttpErrorBody>("/recording/parse", {
      body: { deviceId: device.serial, sessionId: "../../x" },
    });
    expect([traversal.status, traversal.body.error.code]).toEqual([404, "RECORDING_SESSION_NOT_FOUND"]);

    const bad = join(cwd, "bad.ndjson");
    await writeFile(bad, '{"type":"click"}\n');
    const remote = "/sdcard/Android/data/com.clawperator.operator/files/recordings/bad.ndjson";
    expect((await session.harness.adb(["-s", device.serial, "push", bad, remote])).exitCode).toBe(0);
    const unparsable = await serve.request<HttpErrorBody>("/recording/parse", {
      body: { deviceId: device.serial, sessionId: "bad" },
    });
    expect([unparsable.status, unparsable.body.error.code]).toEqual([422, "RECORDING_PARSE_FAILED"]);

    const path = await serve.request<HttpErrorBody>("/recording/parse", { body: { path: "/etc/passwd" } });
    expect([path.status, path.body.error.code]).toEqual([400, "EXECUTION_VALIDATION_FAILED"]);
    const serial = await serve.request<HttpErrorBody>("/recording/parse", { body: { deviceId: "-s x" } });
    expect([serial.status, serial.body.error.code]).toEqual([400, "INVALID_DEVICE_ID"]);
  });
});

describe("POST /skills/new", () => {
  it("writes the skill under serve's directory and answers its files, registry, usage and SKILL.md", async () => {
    const made = await serve.request<NewSkill>("/skills/new", {
      body: { deviceId: device.serial, skillId: "com.android.settings.open-settings" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const base = "skills/com.android.settings.open-settings";
    expect(made.body).toMatchObject({
      ok: true,
      sessionId: "routes-flow",
      skillDir: join(cwd, base),
      registry: join(cwd, "skills", "skills-registry.json"),
    });
    expect(made.body.files).toContain(`${base}/SKILL.md`);
    expect(made.body.usage).toContain("clawperator skills run com.android.settings.open-settings");
    expect(made.body.skillMd).toBe(readFileSync(join(cwd, base, "SKILL.md"), "utf8"));
    const validated = await session.json<{ ok: boolean }>(
      ["skills", "validate", "com.android.settings.open-settings"],
      {
        env: { CLAWPERATOR_SKILLS_REGISTRY: made.body.registry },
      },
    );
    expect(validated.exitCode, JSON.stringify(validated.body)).toBe(0);
  });

  it("never overwrites a skill, refuses an id that is no folder name and a body without an id", async () => {
    const again = await serve.request<HttpErrorBody>("/skills/new", {
      body: { deviceId: device.serial, skillId: "com.android.settings.open-settings" },
    });
    expect([again.status, again.body.error.code]).toEqual([400, "USAGE"]);
    const outside = await serve.request<HttpErrorBody>("/skills/new", {
      body: { deviceId: device.serial, skillId: "../../outside" },
    });
    expect([outside.status, outside.body.error.code]).toEqual([400, "USAGE"]);
    expect(existsSync(join(cwd, "..", "outside"))).toBe(false);
    const none = await serve.request<HttpErrorBody>("/skills/new", { body: { deviceId: device.serial } });
    expect([none.status, none.body.error.code]).toEqual([400, "EXECUTION_VALIDATION_FAILED"]);
    const out = await serve.request<HttpErrorBody>("/skills/new", {
      body: { deviceId: device.serial, skillId: "x.y", out: "/tmp" },
    });
    expect([out.status, out.body.error.code]).toEqual([400, "EXECUTION_VALIDATION_FAILED"]);
  });
});
