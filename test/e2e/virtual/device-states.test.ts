import { describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { OutputWatcher } from "./streams.ts";

const session = virtualSession();

describe("device states through the real adb", () => {
  it("a device that refuses authorization is listed `unauthorized` and runs nothing", async () => {
    const device = await session.startDevice({ authorized: false });
    expect((await session.harness.devices()).get(device.serial)).toBe("unauthorized");
    let received = 0;
    const unregister = device.device.state.receivers.register({
      packageName: "com.example.e2e",
      action: "com.example.E2E_LOCKED",
      onReceive: () => received++,
    });

    const refused = await session.harness.adb(["-s", device.serial, "shell", "am broadcast -a com.example.E2E_LOCKED"]);
    expect(refused.exitCode).toBe(1);
    expect(String(refused.stderr)).toContain("device unauthorized");
    expect(received).toBe(0);
    unregister();
    await session.stopDevice(device);
  });

  it("a device that goes offline mid-session is shown `offline`, ends its streams, and comes back", async () => {
    const device = await session.startDevice();
    const follower = session.harness.spawn(["-s", device.serial, "logcat", "-v", "tag"]);
    const output = new OutputWatcher(follower.stdout!);
    device.device.state.log.write("I", "E2eOfflineTag", "streaming");
    await output.includes("E2eOfflineTag: streaming");

    device.server.goOffline();
    await session.harness.waitForDevices((listed) => listed.get(device.serial) === "offline");
    // The adb client's stream ends with the transport: the command exits by itself, nobody kills it.
    expect((await follower).isTerminated).toBe(false);
    const refused = await session.harness.adb(["-s", device.serial, "shell", "echo", "hi"]);
    expect(refused.exitCode).toBe(1);
    expect(String(refused.stderr)).toContain("offline");

    device.server.goOnline();
    await session.harness.waitForDevices((listed) => listed.get(device.serial) === "device");
    expect(String((await session.harness.adb(["-s", device.serial, "shell", "echo", "back"])).stdout)).toBe("back");
    await session.stopDevice(device);
  });
});
