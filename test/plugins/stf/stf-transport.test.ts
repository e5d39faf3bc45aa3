import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Clock } from "../../../core/host/clock.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { StfClient } from "../../../plugins/stf/api/stf-client.ts";
import { parseStfOptions } from "../../../plugins/stf/options.ts";
import { StfTransport } from "../../../plugins/stf/transport/stf-transport.ts";
import { caught } from "../../helpers/caught.ts";
import { type StandInFarm, startStandInFarm } from "../../helpers/stf/stand-in-farm.ts";

const TOKEN = "unit-stf-token-0123456789";
let farm: StandInFarm | undefined;
afterEach(async () => {
  await farm?.close();
  farm = undefined;
});

/** An adb transport that records the serials it was asked to reach; `fail` makes every shell call fail. */
function fakeAdb(calls: string[], fail = { now: false }): Transport {
  return {
    name: "adb",
    listDevices: async () => [],
    shell: async (serial, command) => {
      calls.push(`shell ${serial} ${command}`);
      if (fail.now) throw new Error("device offline");
      return { stdout: "ok", stderr: "", exitCode: 0 };
    },
    execOut: async () => Buffer.alloc(0),
    install: async () => ({ stdout: "", stderr: "", exitCode: 0 }),
    logcat: () => {
      throw new Error("unused");
    },
  };
}

/** A clock whose sleeps end at once, adding up what was slept. */
function instantClock(slept: number[]): Clock {
  return { now: () => 0, sleep: async (ms) => void slept.push(ms) };
}

async function setup(devices: { serial: string; model?: string; present?: boolean; unresponsive?: boolean }[]) {
  farm = await startStandInFarm({
    devices: devices.map((d, i) => ({ remote: `127.0.0.1:${40_001 + i}`, ...d })),
    users: { [TOKEN]: "me@example.invalid", "other-token-0123456789": "them@example.invalid" },
  });
  const dir = await mkdtemp(join(tmpdir(), "stf-key-"));
  await writeFile(join(dir, "adbkey.pub"), "QAAAAFAKEKEY me@host\n");
  const calls: string[] = [];
  const slept: number[] = [];
  const fail = { now: false };
  const make = (extra: Record<string, unknown> = {}) =>
    new StfTransport({
      client: new StfClient(farm!.url, TOKEN),
      options: parseStfOptions({ url: farm!.url, busyRetries: 2, ...extra }),
      adb: fakeAdb(calls, fail),
      adbKeyPath: join(dir, "adbkey.pub"),
      logger: { info() {}, warn() {}, error() {}, debug() {} } as never,
      clock: instantClock(slept),
      random: () => 0,
      connect: async (remote) => void calls.push(`connect ${remote}`),
      disconnect: async (remote) => void calls.push(`disconnect ${remote}`),
    });
  return { farm: farm!, calls, slept, fail, make };
}

describe("the STF transport against the stand-in farm", () => {
  it("lists the farm's devices namespaced, with busy ones' owners, and keeps to api_v1.yaml", async () => {
    const { farm, make } = await setup([{ serial: "a" }, { serial: "b" }, { serial: "c", present: false }]);
    farm.take("b", "them@example.invalid");
    const devices = await make().listDevices();
    expect(devices).toEqual([
      expect.objectContaining({
        serial: "stf:a",
        state: "device",
        properties: expect.objectContaining({ farmState: "available" }),
      }),
      expect.objectContaining({
        serial: "stf:b",
        state: "busy",
        properties: expect.objectContaining({ owner: "them@example.invalid" }),
      }),
      expect.objectContaining({ serial: "stf:c", state: "offline" }),
    ]);
    expect(farm.problems()).toEqual([]);
  });

  it("a lease reserves with the idle timeout, registers the key, connects; release undoes it in reverse", async () => {
    const { farm, calls, make } = await setup([{ serial: "a" }]);
    const stf = make({ leaseIdleMs: 60_000 });
    const lease = await stf.acquire("stf:a");
    expect(lease).toEqual({ serial: "stf:a", idleMs: 60_000, retries: 0, waitedMs: 0 });
    expect(farm.owner("a")).toBe("me@example.invalid");
    expect(farm.timeoutOf("a")).toBe(60_000);
    expect(farm.adbKeys.get("me@example.invalid")).toEqual(["QAAAAFAKEKEY me@host"]);
    await stf.shell("stf:a", "echo hi");
    expect(calls).toEqual(["connect 127.0.0.1:40001", "shell 127.0.0.1:40001 echo hi"]);
    await stf.release("stf:a");
    expect(farm.owner("a")).toBeUndefined();
    expect(calls.at(-1)).toBe("disconnect 127.0.0.1:40001");
    expect(farm.log.slice(-2).map((e) => `${e.method} ${e.url}`)).toEqual([
      "DELETE /api/v1/user/devices/a/remoteConnect",
      "DELETE /api/v1/user/devices/a",
    ]);
    expect(farm.problems()).toEqual([]);
  });

  it("maps STF's refusals to the catalogue: 403 DEVICE_BUSY with the owner, 404 DEVICE_NOT_FOUND, 504 DEVICE_OFFLINE, 401", async () => {
    const { farm, make } = await setup([{ serial: "a" }, { serial: "lost", unresponsive: true }]);
    farm.take("a", "them@example.invalid");
    const busy = await caught(() => make().acquire("stf:a"));
    expect(busy).toMatchObject({ code: "DEVICE_BUSY", details: { owner: "them@example.invalid", farmStatus: 403 } });
    expect(await caught(() => make().acquire("stf:nope"))).toMatchObject({ code: "DEVICE_NOT_FOUND" });
    expect(await caught(() => make().acquire("stf:lost"))).toMatchObject({ code: "DEVICE_OFFLINE" });
    const stranger = new StfTransport({
      ...(make() as unknown as { deps: ConstructorParameters<typeof StfTransport>[0] }).deps,
      client: new StfClient(farm.url, "wrong-token-0123456789"),
    });
    const refused = await caught(() => stranger.acquire("stf:a"));
    expect(refused).toMatchObject({ code: "FARM_UNAUTHORIZED" });
    expect(JSON.stringify(refused)).not.toContain("wrong-token");
    expect(farm.problems()).toEqual([]);
  });

  it("stf:any: a device taken between listing and reserving (403) sends it to the next; the tries are in the lease", async () => {
    const { farm, make } = await setup([{ serial: "a" }, { serial: "b" }]);
    const stf = make();
    // Someone reserves "a" the moment after our listing: our reservation of it is a 403.
    const original = farm.log.push.bind(farm.log);
    farm.log.push = (...items) => {
      if (items.some((e) => e.method === "GET" && e.url.startsWith("/api/v1/devices?")))
        farm.take("a", "them@example.invalid");
      return original(...items);
    };
    const lease = await stf.acquire("stf:any");
    expect(lease).toMatchObject({ serial: "stf:b", retries: 1, waitedMs: 0 });
    expect(farm.owner("b")).toBe("me@example.invalid");
  });

  it("stf:any with every matching device busy waits with backoff, then DEVICE_BUSY with the tries and the wait", async () => {
    const { farm, slept, make } = await setup([{ serial: "a" }, { serial: "b", model: "Other" }]);
    farm.take("a", "them@example.invalid");
    const error = await caught(() => make({ filter: { model: "Pixel 7" } }).acquire("stf:any"));
    expect(error).toMatchObject({ code: "DEVICE_BUSY", details: { deviceId: "stf:any", retries: 0 } });
    expect(slept).toEqual([250, 500]);
    // The device outside the filter was never asked for.
    expect(farm.log.some((e) => e.method === "POST" && JSON.stringify(e.body).includes('"b"'))).toBe(false);
  });

  it("a call failing after the farm took the device back is DEVICE_LEASE_EXPIRED, not the call's own error", async () => {
    const { farm, fail, make } = await setup([{ serial: "a" }]);
    const stf = make();
    await stf.acquire("stf:a");
    farm.expire("a");
    fail.now = true;
    expect(await caught(() => stf.shell("stf:a", "echo"))).toMatchObject({ code: "DEVICE_LEASE_EXPIRED" });
    // While the lease holds, a failing call keeps its own error.
    await stf.acquire("stf:a");
    await expect(stf.shell("stf:a", "echo")).rejects.toThrow("device offline");
  });

  it("a process giving its leases back reserves nothing more: a pool search stops with SERVER_SHUTTING_DOWN", async () => {
    const { farm, make } = await setup([{ serial: "a" }, { serial: "b" }]);
    const stopped = AbortSignal.abort(new Error("SIGTERM"));
    expect(await caught(() => make().acquire("stf:any", { signal: stopped }))).toMatchObject({
      code: "SERVER_SHUTTING_DOWN",
    });
    expect(await caught(() => make().acquire("stf:a", { signal: stopped }))).toMatchObject({
      code: "SERVER_SHUTTING_DOWN",
    });
    expect(farm.log.filter((e) => e.method === "POST" && e.url === "/api/v1/user/devices")).toEqual([]);
  });

  it("a connection that does not come up gives the reservation back and drops adb's half-made connection", async () => {
    const { farm, calls, make } = await setup([{ serial: "a" }]);
    const stf = make();
    (stf as unknown as { deps: { connect: () => Promise<void> } }).deps.connect = async () => {
      throw new Error("no route");
    };
    await expect(stf.acquire("stf:a")).rejects.toThrow("no route");
    expect(farm.owner("a")).toBeUndefined();
    expect(calls).toContain("disconnect 127.0.0.1:40001");
  });
});

describe("the api_v1.yaml check the stand-in and the plugin are held to", () => {
  it("names what the definition refuses", async () => {
    const { swaggerProblems } = await import("../../helpers/stf/swagger-check.ts");
    const ok = { success: true, description: "Device successfully added" };
    expect(
      swaggerProblems({
        method: "POST",
        url: "/api/v1/user/devices",
        body: { serial: "a", timeout: 1 },
        status: 200,
        response: ok,
      }),
    ).toEqual([]);
    expect(
      swaggerProblems({
        method: "POST",
        url: "/api/v1/user/devices",
        body: { timeout: "1" },
        status: 200,
        response: ok,
      }),
    ).toEqual([
      "POST /api/v1/user/devices body.serial: required",
      "POST /api/v1/user/devices body.timeout: not an integer",
    ]);
    expect(swaggerProblems({ method: "PUT", url: "/api/v1/user/devices", status: 200, response: ok })).toEqual([
      "PUT /api/v1/user/devices: no such operation in api_v1.yaml",
    ]);
    expect(
      swaggerProblems({ method: "GET", url: "/api/v1/devices?colour=red", status: 200, response: { success: true } }),
    ).toEqual([
      "GET /api/v1/devices: undeclared query colour",
      "GET /api/v1/devices → 200.description: required",
      "GET /api/v1/devices → 200.devices: required",
    ]);
  });
});
