import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbDeviceServer } from "../../../../android/virtual/adb/index.ts";
import { AdbHarness } from "../../../helpers/adb-harness.ts";
import { StubServices } from "./stub-services.ts";

describe("device states seen by the real adb", () => {
  let harness: AdbHarness;
  const services = new StubServices();
  const locked = new AdbDeviceServer(services, { authorized: false });
  const device = new AdbDeviceServer(services);
  let lockedSerial: string;
  let serial: string;

  beforeAll(async () => {
    harness = await AdbHarness.start();
    lockedSerial = `127.0.0.1:${await locked.listen()}`;
    serial = `127.0.0.1:${await device.listen()}`;
    await harness.adb(["connect", serial]);
  });

  afterAll(async () => {
    await harness?.stop();
    await Promise.all([locked.close(), device.close()]);
  });

  it("an unauthorized device is listed as `unauthorized` and refuses commands until allowed", async () => {
    const connect = await harness.adb(["connect", lockedSerial]);
    expect(connect.stdout).toBe(`failed to authenticate to ${lockedSerial}`);
    expect((await harness.devices()).get(lockedSerial)).toBe("unauthorized");
    const refused = await harness.adb(["-s", lockedSerial, "shell", "echo", "hi"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("device unauthorized");
    expect(services.runs).toHaveLength(0);

    // The user taps "Allow" on the phone: the waiting host is let in without reconnecting.
    locked.setAuthorized(true);
    await harness.adb(["-s", lockedSerial, "wait-for-device"]);
    expect((await harness.devices()).get(lockedSerial)).toBe("device");
    expect((await harness.adb(["-s", lockedSerial, "shell", "echo", "hi"])).stdout).toBe("hi");
  });

  it("a device that goes offline is shown `offline`, aborts its sessions, and comes back when it answers again", async () => {
    const follower = harness.spawn(["-s", serial, "shell", "stream"]);
    await new Promise<void>((resolve) => follower.stdout!.once("data", () => resolve()));

    device.goOffline();
    expect((await services.settled("stream")).aborted).toBe(true);
    await follower;
    await harness.waitForDevices((devices) => devices.get(serial) === "offline");
    const refused = await harness.adb(["-s", serial, "shell", "echo", "hi"]);
    expect(refused.stderr).toContain("offline");

    device.goOnline();
    await harness.adb(["-s", serial, "wait-for-device"]);
    expect((await harness.devices()).get(serial)).toBe("device");
    expect((await harness.adb(["-s", serial, "shell", "echo", "back"])).stdout).toBe("back");
  });
});
