import { join } from "node:path";
import { execa } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { AdbTransport } from "../../../plugins/adb/client/adb-transport.ts";
import { caught } from "../../helpers/caught.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
let device: RunningVirtualDevice;
let transport: AdbTransport;

beforeAll(async () => {
  device = await session.startDevice();
  transport = new AdbTransport({ env: { ...process.env, ...session.harness.env } });
}, 60_000);

describe("the adb transport's prepared connections", () => {
  it("serve the next call on their device, a shell or a log stream", async () => {
    transport.prepare(device.serial);
    expect(await transport.shell(device.serial, "echo prepared")).toEqual({
      stdout: "prepared\n",
      stderr: "",
      exitCode: 0,
    });
    transport.prepare(device.serial);
    const stream = transport.logcat(device.serial, ["-v", "time", "-T", "1"]);
    await stream.ready;
    await stream.close();
  });

  it("for a device that is not there, the call fails as an unprepared one does", async () => {
    const unprepared = await caught(() => transport.shell("nosuch:1", "echo"));
    transport.prepare("nosuch:1");
    expect((await caught(() => transport.shell("nosuch:1", "echo"))).code).toBe(unprepared.code);
  });

  it("one gone stale while it waited (its device reconnected) gives way to a fresh connection", async () => {
    transport.prepare(device.serial);
    await session.harness.adb(["disconnect", device.serial]);
    await session.harness.adb(["connect", device.serial]);
    await session.harness.waitForDevices((listed) => listed.get(device.serial) === "device");
    expect((await transport.shell(device.serial, "echo again")).stdout).toBe("again\n");
  });

  it("one never used does not keep the process alive", async () => {
    // The compiled module (the suite's global setup builds dist/), in a process of its own that must end by itself.
    const script =
      "const { AdbTransport } = await import(process.argv[1]); new AdbTransport().prepare(process.argv[2]);";
    const module = join(REPO_ROOT, "dist/plugins/adb/client/adb-transport.js");
    const result = await execa("node", ["--input-type=module", "-e", script, module, device.serial], {
      env: { ...process.env, ...session.harness.env },
      reject: false,
      timeout: 30_000,
    });
    expect({ timedOut: result.timedOut, exitCode: result.exitCode, stderr: result.stderr }).toEqual({
      timedOut: false,
      exitCode: 0,
      stderr: "",
    });
  });
});
