import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startVirtualDevice, type RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";
import { type StandInFarm, startStandInFarm } from "../../helpers/stf/stand-in-farm.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { anExecution, startServe } from "../serve/serve-process.ts";

/**
 * The STF plugin through the real CLI: a stand-in STF API (test/helpers/stf, held to STF's own api_v1.yaml) whose
 * remote connections are virtual devices listening on TCP and not known to the local adb server until the plugin
 * `adb connect`s them, so everything after the API is real adb.
 */
const session = virtualSession();
const makeDir = tempDirs();
const TOKEN = "e2e-stf-token-0123456789abcdef";
let farm: StandInFarm;
const remotes: RunningVirtualDevice[] = [];
let config = "";
const env = { CLAWPERATOR_STF_TOKEN: TOKEN };
const snapshot = (deviceId: string) => ["observe", "snapshot", "--device-id", deviceId, "--config", config];

beforeAll(async () => {
  for (let i = 0; i < 3; i++) remotes.push(await startVirtualDevice({ scenario: "default", host: "127.0.0.1" }));
  farm = await startStandInFarm({
    devices: remotes.map((r, i) => ({ serial: `farm-00${i + 1}`, remote: `127.0.0.1:${r.port}` })),
    users: { [TOKEN]: "agent@example.invalid" },
  });
  const dir = await makeDir({});
  config = join(dir, "clawperator.config.json");
  await writeFile(config, JSON.stringify({ stf: { url: farm.url, leaseIdleMs: 60_000 } }));
});
afterAll(async () => {
  await farm?.close();
  await Promise.all(remotes.map((r) => r.stop()));
});
beforeEach(() => {
  for (const serial of ["farm-001", "farm-002", "farm-003"]) farm.expire(serial);
});

const leasedNow = () => ["farm-001", "farm-002", "farm-003"].filter((s) => farm.owner(s) !== undefined);

describe("devices leased from an STF farm", () => {
  it("devices lists the farm's devices, namespaced, beside local ones; a busy one names its owner", async () => {
    const local = await session.startDevice();
    farm.take("farm-002", "someone@example.invalid");
    const { exitCode, body, stderr } = await session.json<{ serial: string; state: string }[]>(
      ["devices", "--config", config],
      { env },
    );
    expect(exitCode).toBe(0);
    expect(body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serial: local.serial, transport: "adb" }),
        expect.objectContaining({ serial: "stf:farm-001", state: "device", transport: "stf" }),
        expect.objectContaining({
          serial: "stf:farm-002",
          state: "busy",
          properties: expect.objectContaining({ owner: "someone@example.invalid" }),
        }),
      ]),
    );
    expect(JSON.stringify(body) + stderr).not.toContain(TOKEN);
    await session.stopDevice(local);
  });

  it("an execution leases, connects, runs over real adb, and releases; the device is disconnected after", async () => {
    farm.log.length = 0;
    const { exitCode, body, stderr } = await session.json(snapshot("stf:farm-001"), { env });
    expect(exitCode).toBe(0);
    expect(body).toMatchObject({
      ok: true,
      deviceId: "stf:farm-001",
      envelope: { status: "success" },
      lease: { serial: "stf:farm-001", retries: 0 },
    });
    expect(JSON.stringify(body) + stderr).not.toContain(TOKEN);
    const calls = farm.log.map((e) => `${e.method} ${e.url.split("?")[0]}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        "POST /api/v1/user/devices",
        "POST /api/v1/user/adbPublicKeys",
        "POST /api/v1/user/devices/farm-001/remoteConnect",
        "DELETE /api/v1/user/devices/farm-001/remoteConnect",
        "DELETE /api/v1/user/devices/farm-001",
      ]),
    );
    expect(calls.indexOf("DELETE /api/v1/user/devices/farm-001")).toBe(calls.length - 1);
    expect(farm.timeoutOf("farm-001")).toBe(60_000);
    expect(leasedNow()).toEqual([]);
    expect((await session.harness.devices()).has(`127.0.0.1:${remotes[0]!.port}`)).toBe(false);
    expect(farm.problems()).toEqual([]);
  });

  it("a device another user holds is DEVICE_BUSY naming the owner; an unknown one DEVICE_NOT_FOUND", async () => {
    farm.take("farm-001", "someone@example.invalid");
    const busy = await session.json<ErrorOutput>(snapshot("stf:farm-001"), { env });
    expect(busy.exitCode).toBe(1);
    expect(busy.body).toMatchObject({ code: "DEVICE_BUSY", details: { owner: "someone@example.invalid" } });
    const unknown = await session.json<ErrorOutput>(snapshot("stf:farm-404"), { env });
    expect(unknown.body.code).toBe("DEVICE_NOT_FOUND");
    expect(farm.owner("farm-001")).toBe("someone@example.invalid");
  });

  it("agents at once on stf:any each get a different device, and every lease is given back", async () => {
    // No agent gives its device back before all three hold one: their leases overlap. The bound only ends a run whose
    // agents never all arrive.
    farm.holdReleasesUntil(3, 60_000);
    const runs = await Promise.all(
      [0, 1, 2].map(() => session.json<{ ok: boolean; deviceId: string }>(snapshot("stf:any"), { env })),
    );
    for (const run of runs) expect(run.body).toMatchObject({ ok: true, lease: { retries: expect.any(Number) } });
    expect(new Set(runs.map((r) => r.body.deviceId))).toEqual(
      new Set(["stf:farm-001", "stf:farm-002", "stf:farm-003"]),
    );
    expect(leasedNow()).toEqual([]);
    expect(farm.problems()).toEqual([]);
  });

  it("a device tool on stf:any answers for the device it leased, and gives it back", async () => {
    const { exitCode, body } = await session.json<{ deviceId: string; sdk: number }>(
      ["device", "info", "--device-id", "stf:any", "--config", config],
      { env },
    );
    expect(exitCode).toBe(0);
    expect(body.deviceId).toMatch(/^stf:farm-00[123]$/);
    expect(body.sdk).toEqual(expect.any(Number));
    expect(leasedNow()).toEqual([]);
    expect(farm.problems()).toEqual([]);
  });

  it("a CLI execution sent SIGTERM while it holds a lease gives the device back, then dies of the signal", async () => {
    const execution = JSON.stringify(anExecution([{ id: "wait", type: "sleep", params: { durationMs: 30_000 } }]));
    const agent = session.spawn(
      ["execute", "--execution", execution, "--device-id", "stf:farm-003", "--config", config],
      {
        env,
      },
    );
    await expect.poll(() => farm.owner("farm-003"), { timeout: 60_000 }).toBe("agent@example.invalid");
    agent.kill("SIGTERM");
    const ended = await agent;
    expect(ended.signal).toBe("SIGTERM");
    expect(leasedNow()).toEqual([]);
    expect((await session.harness.devices()).has(`127.0.0.1:${remotes[2]!.port}`)).toBe(false);
    expect(farm.log).toContainEqual(
      expect.objectContaining({ method: "DELETE", url: "/api/v1/user/devices/farm-003", status: 200 }),
    );
    expect(farm.problems()).toEqual([]);
  });

  it("serve holds the lease across calls and gives it back when it is stopped", async () => {
    const serve = await startServe(session, ["--config", config], { env });
    farm.log.length = 0;
    for (let i = 0; i < 2; i++) {
      const { status, body } = await serve.request("/execute", {
        body: { execution: anExecution([{ id: "s", type: "snapshot_ui" }]), deviceId: "stf:farm-002" },
      });
      expect({ status, body }).toMatchObject({ status: 200, body: { ok: true } });
      expect(farm.owner("farm-002")).toBe("agent@example.invalid");
    }
    expect(farm.log.filter((e) => e.method === "POST" && e.url === "/api/v1/user/devices")).toHaveLength(1);
    await serve.stop("SIGTERM");
    expect(leasedNow()).toEqual([]);
    expect(farm.problems()).toEqual([]);
  });
});
