import { cp, mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVirtualDevice, type RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { farmTransport } from "../../../examples/farm-transport/farm-transport.ts";
import { transportConformance } from "../../../testing/transport-conformance.ts";
import { AdbHarness } from "../../helpers/adb-harness.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";

/**
 * The example third-party transport (examples/farm-transport, written from the README) beside the built-in adb
 * transport: local devices on one adb server, the "farm" behind another, one CLI seeing and driving both.
 */
const local = virtualSession();
const makeDir = tempDirs();
let farm: AdbHarness;
let farmDevice: RunningVirtualDevice;
let project = "";
const config = () => join(project, "clawperator.config.ts");

async function startOn(harness: AdbHarness, scenario: string): Promise<RunningVirtualDevice> {
  const device = await startVirtualDevice({
    scenario,
    home: harness.home,
    adbServer: { host: "127.0.0.1", port: harness.serverPort },
  });
  await harness.adb(["connect", device.serial]);
  await harness.waitForDevices((listed) => listed.get(device.serial) === "device");
  return device;
}

beforeAll(async () => {
  farm = await AdbHarness.start();
  farmDevice = await startOn(farm, "default");
  project = await makeDir({
    "clawperator.config.ts":
      `import { defineConfig } from "clawperator/config";\n\n` +
      `export default defineConfig({ plugins: [["clawperator-transport-farm", { port: ${farm.serverPort} ` +
      `}]] });\n`,
  });
  const modules = join(project, "node_modules");
  await mkdir(modules);
  await cp(join(REPO_ROOT, "examples/farm-transport"), join(modules, "clawperator-transport-farm"), {
    recursive: true,
  });
  await symlink(REPO_ROOT, join(modules, "clawperator"), "dir");
  for (const peer of ["zod", "execa"]) await symlink(join(REPO_ROOT, "node_modules", peer), join(modules, peer), "dir");
});
afterAll(async () => {
  await farmDevice?.stop();
  await farm?.stop();
});

describe("a third-party transport beside adb", () => {
  it("devices lists the union, each device tagged with its transport", async () => {
    const localDevice = await local.startDevice();
    const { exitCode, body } = await local.json(["devices", "--config", config()]);
    expect(exitCode).toBe(0);
    expect(body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serial: localDevice.serial, state: "device", transport: "adb" }),
        expect.objectContaining({ serial: farmDevice.serial, state: "device", transport: "farm" }),
      ]),
    );
  });

  it("an execution on the farm's device goes through the farm transport; one on a local device through adb", async () => {
    const localDevice = await local.startDevice();
    const onFarm = await local.json(["observe", "snapshot", "--device-id", farmDevice.serial, "--config", config()]);
    expect(onFarm.exitCode).toBe(0);
    expect(onFarm.body).toMatchObject({ ok: true, deviceId: farmDevice.serial, envelope: { status: "success" } });
    const onLocal = await local.json(["observe", "snapshot", "--device-id", localDevice.serial, "--config", config()]);
    expect(onLocal.body).toMatchObject({ ok: true, deviceId: localDevice.serial });
    // The local adb server never heard of the farm's device: the snapshot could only have come through the farm.
    expect((await local.harness.devices()).has(farmDevice.serial)).toBe(false);
  });

  it("a device neither transport knows is DEVICE_NOT_FOUND", async () => {
    const { exitCode, body } = await local.json<ErrorOutput>([
      "observe",
      "snapshot",
      "--device-id",
      "127.0.0.1:1",
      "--config",
      config(),
    ]);
    expect(exitCode).toBe(1);
    expect(body.code).toBe("DEVICE_NOT_FOUND");
  });
});

transportConformance("the example farm transport", {
  async setup() {
    return { transport: farmTransport("127.0.0.1", farm.serverPort), serial: farmDevice.serial };
  },
});
