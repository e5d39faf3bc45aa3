import type { SkillRunOutcome, SkillStatusReport } from "../../../core/services/skills.ts";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-skills-device-");
let device: RunningVirtualDevice;
let env: Record<string, string> = {};

beforeAll(async () => {
  device = await session.startDevice();
  const { registry } = await writeSkillsRepo(await makeDir());
  env = { CLAWPERATOR_SKILLS_REGISTRY: registry };
});

describe("skills on a virtual device, through real adb", () => {
  it("a skill script calls back into $CLAWPERATOR_BIN exec and the execution runs on the device", async () => {
    const { exitCode, body, stderr } = await session.json<SkillRunOutcome>(
      ["skills", "run", S.device.id, "--device", device.serial, "--json"],
      { env },
    );
    expect(exitCode, `${JSON.stringify(body)}\n${stderr}`).toBe(0);
    expect(body).toMatchObject({
      status: "success",
      skillId: S.device.id,
      skillResult: { status: "success", result: { kind: "text", text: "2 steps" }, source: { kind: "script" } },
    });
    expect(body.output).toContain("steps=open_app:true,snapshot_ui:true");
  });

  it("without --device, the config's deviceId is the device the skill runs on (its first argument)", async () => {
    const configPath = join(await makeDir(), "clawperator.config.json");
    await writeFile(configPath, JSON.stringify({ deviceId: device.serial }));
    const { exitCode, body, stderr } = await session.json<SkillRunOutcome>(
      ["skills", "run", S.device.id, "--config", configPath, "--json"],
      { env },
    );
    expect(exitCode, `${JSON.stringify(body)}\n${stderr}`).toBe(0);
    expect(body).toMatchObject({
      status: "success",
      skillResult: { status: "success", result: { kind: "text", text: "2 steps" } },
    });
  });

  it("status checks each skill's Android package on the selected device", async () => {
    const { body } = await session.json<SkillStatusReport>(["skills", "status", "--device", device.serial], { env });
    expect(body.deviceId).toBe(device.serial);
    const byId = new Map(body.skills.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(S.device.id)).toMatchObject({
      eligible: true,
      packages: [{ name: "com.android.settings", installed: true }],
    });
    expect(byId.get(S.echo.id)).toMatchObject({
      eligible: false,
      packages: [{ name: "com.example.app", installed: false }],
      readiness: "needs-setup",
      missing: { bins: [], anyBins: [], env: [], config: [], os: [], packages: ["com.example.app"] },
    });
  });

  it("running a skill whose app is not installed on the device is SKILL_NOT_ELIGIBLE before the script starts", async () => {
    const { exitCode, body } = await session.json(["skills", "run", S.echo.id, "--device", device.serial], { env });
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({
      code: "SKILL_NOT_ELIGIBLE",
      details: { skillId: S.echo.id, missing: { packages: ["com.example.app"] } },
    });
  });
});
