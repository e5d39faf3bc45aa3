import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPERATOR_ACTION } from "../../../../android/operator/dispatch-script.ts";
import { encodeVirtualApk } from "../../../../android/virtual/device/index.ts";
import { freePort } from "../../../helpers/free-port.ts";
import { virtualSession } from "../../../helpers/virtual-session.ts";

const session = virtualSession();

/** The device shell through the real adb client and server: quoting, exit codes, install, logcat, binary output. */
describe("device shell over real adb", () => {
  it("answers shell commands with their output and exit codes", async () => {
    const device = await session.startDevice({ port: await freePort() });
    const adb = (args: string[]) => session.harness.adb(["-s", device.serial, ...args]);
    expect((await adb(["shell", "getprop", "sys.boot_completed"])).stdout).toBe("1");
    const failed = await adb(["shell", "echo out; echo err >&2; exit 3"]);
    expect([failed.exitCode, failed.stdout, failed.stderr]).toEqual([3, "out", "err"]);
    const unknown = await adb(["shell", "nosuchcmd"]);
    expect([unknown.exitCode, unknown.stderr]).toEqual([127, "/system/bin/sh: nosuchcmd: inaccessible or not found"]);

    const apk = join(session.harness.home, "skill.apk");
    await writeFile(
      apk,
      encodeVirtualApk({ package: "com.example.adbinstalled", label: "Installed", versionName: "3.0", versionCode: 3 }),
    );
    const install = await adb(["install", "-r", apk]);
    expect(install.exitCode).toBe(0);
    expect(install.stdout).toContain("Success");
    expect((await adb(["shell", "pm", "list", "packages", "-3"])).stdout).toContain("package:com.example.adbinstalled");

    const received: string[] = [];
    device.device.state.receivers.register({
      packageName: "com.example.adbinstalled",
      action: DEFAULT_OPERATOR_ACTION,
      onReceive: (e) => received.push(e.payload!),
    });
    const payload = `{"q":"it's $(x) \`y\` 😀"}`;
    const broadcast = await adb([
      "shell",
      `am broadcast -a '${DEFAULT_OPERATOR_ACTION}' -p 'com.example.adbinstalled' --es 'payload' '` +
        `${payload.replaceAll("'", `'"'"'`)}'`,
    ]);
    expect(broadcast.exitCode).toBe(0);
    expect(received).toEqual([payload]);

    device.device.state.log.write("I", "AdbTest", "over the wire");
    expect((await adb(["logcat", "-d", "-v", "tag", "-s", "AdbTest"])).stdout).toBe(
      "--------- beginning of main\nI/AdbTest : over the wire",
    );

    const png = await session.harness.adbBytes(["-s", device.serial, "exec-out", "screencap", "-p"]);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    await session.stopDevice(device);
  });
});
