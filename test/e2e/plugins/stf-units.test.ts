import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVirtualDevice, type RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { AdbHarness } from "../../helpers/adb-harness.ts";
import { freePort, freePortPair, freePortRange } from "../../helpers/free-port.ts";
import { ProcessorSeat } from "../../helpers/stf/stf-wire.ts";
import { STF_TOOLCHAIN, type StfUnit, startStfUnit, stfPackage } from "../../helpers/stf/stf-units.ts";

/**
 * Real STF 3.7.9 units that run without STF's database (docs/device-farm.md, "STF's own units against virtual
 * devices"): the device-side `stf triproxy` and `stf provider` against virtual devices on a private adb server. The
 * test sits in the processor's seat on the triproxy (test/helpers/stf/stf-wire.ts) to read what the provider and its
 * device workers send and to acknowledge registrations as the processor does. Skips only without
 * CLAWPERATOR_STF_TOOLCHAIN (.ci/stf-toolchain; CI sets it).
 */
const PROVIDER_NAME = "clawperator-e2e";
/** STF's DeviceStatus ONLINE: adb lists the device as `device` (or `emulator`). */
const ONLINE = 3;

let adb: AdbHarness;
const devices: RunningVirtualDevice[] = [];
const units: StfUnit[] = [];
let seat: ProcessorSeat | undefined;

async function startStand(stf: string) {
  adb = await AdbHarness.start();
  // Emulator mode on a pair above 5585: the device registers itself with the private server as `emulator-<port-1>`
  // (host:emulator), which the provider takes as a local device, not a remote `host:port` one.
  for (let i = 0; i < 2; i++) {
    devices.push(
      await startVirtualDevice({
        scenario: "default",
        emulator: true,
        port: await freePortPair(),
        home: adb.home,
        adbServer: { host: "127.0.0.1", port: adb.serverPort },
      }),
    );
  }
  const serials = new Set(devices.map((d) => d.serial));
  await adb.waitForDevices((listed) => [...serials].every((s) => listed.get(s) === "device"));

  const [pub, dealer, pull, storage] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const endpoint = (port: number) => `tcp://127.0.0.1:${port}`;
  const env = { HOME: adb.home, ...adb.env };
  const triproxy = startStfUnit(
    stf,
    ["triproxy", "dev", "--bind-pub", endpoint(pub), "--bind-dealer", endpoint(dealer), "--bind-pull", endpoint(pull)],
    env,
  );
  units.push(triproxy);
  await triproxy.waitForLine(/PULL socket bound/);
  seat = ProcessorSeat.connect(stf, endpoint(dealer));

  // Four ports per device worker (screen, connect, VNC, ...); nothing listens on the storage URL, which setup
  // never calls.
  const workerPorts = await freePortRange(4 * devices.length);
  const provider = startStfUnit(
    stf,
    [
      "provider",
      "--name",
      PROVIDER_NAME,
      "--connect-sub",
      endpoint(pub),
      "--connect-push",
      endpoint(pull),
      "--adb-port",
      String(adb.serverPort),
      "--min-port",
      String(workerPorts.min),
      "--max-port",
      String(workerPorts.max),
      "--public-ip",
      "127.0.0.1",
      "--storage-url",
      `http://127.0.0.1:${storage}/`,
      "--no-cleanup",
    ],
    env,
  );
  units.push(provider);
  return { provider, seat };
}

afterAll(async () => {
  seat?.close();
  await Promise.all(units.map((unit) => unit.stop()));
  await Promise.all(devices.map((device) => device.stop()));
  await adb?.stop();
});

const TITLE = STF_TOOLCHAIN
  ? "real STF units against virtual devices"
  : "real STF units against virtual devices (skipped: CLAWPERATOR_STF_TOOLCHAIN is unset; .ci/stf-toolchain prints it)";

describe.skipIf(!STF_TOOLCHAIN)(TITLE, () => {
  let provider: StfUnit;
  let bus: ProcessorSeat;
  beforeAll(async () => {
    ({ provider, seat: bus } = await startStand(stfPackage(STF_TOOLCHAIN!)));
  });

  it("the provider finds every virtual device on its adb server and registers it once acknowledged", async () => {
    for (const device of devices) {
      const introduction = await bus.waitFor("DeviceIntroductionMessage", (m) => m.serial === device.serial);
      expect(introduction.body).toMatchObject({ serial: device.serial, status: ONLINE });
      const from = introduction.body.provider as { channel: string; name: string };
      expect(from.name).toBe(PROVIDER_NAME);
      await bus.acknowledgeRegistration(from.channel, device.serial);
      await provider.waitForLine(new RegExp(`Registered device "${device.serial}"`));
    }
    // Registered on the acknowledgement, not on the provider's 15 s fallback.
    expect(provider.lines.filter((line) => line.includes("Registration ack"))).toEqual([]);
  });

  it("each device worker gets past boot, properties, minicap and STFService to launching STF's agent", async () => {
    const logOf = (serial: string, pattern: RegExp) =>
      bus.waitFor("DeviceLogMessage", (m) => m.serial === serial && pattern.test(String(m.message)));
    for (const device of devices) {
      // Each line comes after the step before it finished: `Loading properties` only once adbkit's
      // waitBootComplete loop printed 1. The worker restarts after the agent's timeout, so the first of each is
      // from its first run, and they must come in this order.
      const steps = [
        /^Loading properties$/,
        /^Supports SDK 34$/,
        /^Supports ABIs x86_64, arm64-v8a$/,
        /^Installing ".*minicap\.apk" as "\/data\/local\/tmp\/minicap\.apk"$/,
        /^STFService up to date$/,
        /^Launching agent$/,
        // Where the worker stops (docs/device-farm.md): the agent is Java run by app_process, which a virtual
        // device does not have.
        /^Agent says: ".*app_process: inaccessible or not found"$/,
      ];
      const seen: number[] = [];
      for (const step of steps) seen.push(bus.messages.indexOf(await logOf(device.serial, step)));
      expect(seen).toEqual([...seen].sort((a, b) => a - b));

      const installed = await adb.adb(["-s", device.serial, "shell", "pm", "path", "jp.co.cyberagent.stf"]);
      expect(String(installed.stdout)).toMatch(/^package:\/data\/app\/.*\.apk$/m);
      const pushed = await adb.adb(["-s", device.serial, "shell", "ls", "/data/local/tmp/minicap.apk"]);
      expect(String(pushed.stdout).trim()).toBe("/data/local/tmp/minicap.apk");
    }
  });
});
