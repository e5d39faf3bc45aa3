import { describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO } from "./support.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";

// One adb server; devices are added as the file goes on: none, one, one plus an unauthorized one, two ready ones.
const session = virtualSession();
const snapshot = ["observe", "snapshot", "--timeout-ms", "5000"];

describe("device selection (docs/execution.md#device-selection)", () => {
  let first: RunningVirtualDevice;
  let locked: RunningVirtualDevice;
  let second: RunningVirtualDevice;

  it("with nothing connected: devices is [], executions are NO_DEVICES", async () => {
    expect(await session.json(["devices"])).toMatchObject({ exitCode: 0, body: [] });
    for (const args of [snapshot, ["action", "open-app", "--app", DEMO], ["packages", "list"]]) {
      const { exitCode, body } = await session.json<ErrorOutput>(args);
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({ code: "NO_DEVICES" });
      expect(body.hint).toContain("virtual start");
    }
  });

  it("a serial that is not connected is DEVICE_NOT_FOUND", async () => {
    first = await session.startDevice();
    for (const args of [
      [...snapshot, "--device-id", "127.0.0.1:1"],
      ["packages", "list", "--device-id", "127.0.0.1:1"],
    ]) {
      const { exitCode, body } = await session.json(args);
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({ code: "DEVICE_NOT_FOUND", details: { deviceId: "127.0.0.1:1" } });
    }
    const listed = await session.json<ErrorOutput>(["packages", "list", "--device-id", "127.0.0.1:1"]);
    expect(listed.body.details!.connected).toEqual([first.serial]);
  });

  it("an unauthorized device is listed as such, refused by name with DEVICE_UNAUTHORIZED, and skipped otherwise", async () => {
    locked = await session.startDevice({ authorized: false });
    const { body: devices } = await session.json(["devices"]);
    expect(devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serial: first.serial, state: "device" }),
        expect.objectContaining({ serial: locked.serial, state: "unauthorized" }),
      ]),
    );

    for (const args of [
      [...snapshot, "--device-id", locked.serial],
      ["packages", "list", "--device-id", locked.serial],
    ]) {
      const { exitCode, body } = await session.json(args);
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({ code: "DEVICE_UNAUTHORIZED", details: { deviceId: locked.serial } });
    }

    // The one ready device is used without --device-id.
    const { exitCode, body } = await session.json<ExecutionOutput>(snapshot);
    expect(exitCode).toBe(0);
    expect(body.deviceId).toBe(first.serial);
  });

  it("the only listed device being unauthorized is DEVICE_UNAUTHORIZED, not NO_DEVICES", async () => {
    await session.stopDevice(first);
    const { exitCode, body } = await session.json<ErrorOutput>(snapshot);
    expect(exitCode).toBe(1);
    expect(body.code).toBe("DEVICE_UNAUTHORIZED");
    first = await session.startDevice();
  });

  it("two ready devices: MULTIPLE_DEVICES_DEVICE_ID_REQUIRED lists both serials; --device-id / --device / CLAWPERATOR_DEVICE_ID pick one", async () => {
    second = await session.startDevice();
    for (const args of [snapshot, ["packages", "list"], ["open", DEMO]]) {
      const { exitCode, body } = await session.json<ErrorOutput>(args);
      expect(exitCode).toBe(1);
      expect(body.code).toBe("MULTIPLE_DEVICES_DEVICE_ID_REQUIRED");
      expect([...(body.details!.devices as string[])].sort()).toEqual([first.serial, second.serial].sort());
      expect(body.hint).toContain(first.serial);
      expect(body.hint).toContain(second.serial);
      expect(body.hint).not.toContain(locked.serial);
    }

    const picks = [
      await session.json<ExecutionOutput>([...snapshot, "--device-id", second.serial]),
      await session.json<ExecutionOutput>(["--device", first.serial, ...snapshot]),
      await session.json<ExecutionOutput>(snapshot, { env: { CLAWPERATOR_DEVICE_ID: second.serial } }),
    ];
    expect(picks.map((p) => [p.exitCode, p.body.deviceId])).toEqual([
      [0, second.serial],
      [0, first.serial],
      [0, second.serial],
    ]);

    const packages = await session.json(["packages", "list", "--device-id", first.serial]);
    expect(packages.body).toMatchObject({ deviceId: first.serial });
  });

  it("an offline device is listed offline and is DEVICE_OFFLINE by name; it works again once back", async () => {
    second.server.goOffline();
    await session.harness.waitForDevices((listed) => listed.get(second.serial) === "offline");
    const { body: devices } = await session.json(["devices"]);
    expect(devices).toEqual(
      expect.arrayContaining([expect.objectContaining({ serial: second.serial, state: "offline" })]),
    );

    for (const args of [
      [...snapshot, "--device-id", second.serial],
      ["packages", "list", "--device-id", second.serial],
    ]) {
      const { exitCode, body } = await session.json(args);
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({ code: "DEVICE_OFFLINE", details: { deviceId: second.serial } });
    }

    second.server.goOnline();
    await session.harness.waitForDevices((listed) => listed.get(second.serial) === "device");
    const back = await session.json([...snapshot, "--device-id", second.serial]);
    expect(back.exitCode).toBe(0);
  });
});
