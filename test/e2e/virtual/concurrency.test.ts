import { EventEmitter, once } from "node:events";
import { beforeAll, describe, expect, it } from "vitest";
import type { LogBuffer } from "../../../android/virtual/device/index.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { OutputWatcher } from "./streams.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

/**
 * The device log exposes no subscriber count, so this wraps `subscribe` on the device's own LogBuffer: every
 * streaming `logcat` the shell starts goes through it, and every unsubscribe is announced as an event.
 */
function countSubscribers(log: LogBuffer) {
  const events = new EventEmitter();
  let active = 0;
  const subscribe = log.subscribe.bind(log);
  log.subscribe = (listener) => {
    active++;
    const unsubscribe = subscribe(listener);
    let done = false;
    return () => {
      const removed = unsubscribe();
      if (!done) {
        done = true;
        active--;
        events.emit("unsubscribed");
      }
      return removed;
    };
  };
  return {
    get active() {
      return active;
    },
    unsubscribed: () => once(events, "unsubscribed"),
  };
}

beforeAll(async () => {
  device = await session.startDevice();
});

describe("concurrent sessions", () => {
  it("20 adb shell commands at once each get their own output and exit code", async () => {
    const runs = Array.from({ length: 20 }, (_, i) =>
      session.harness.adb(["-s", device.serial, "shell", `echo run-${i}; echo err-${i} >/dev/null; exit ${i % 7}`]),
    );
    const sdk = String(device.device.scenario.device.sdk);
    const props = Array.from({ length: 5 }, () =>
      session.harness.adb(["-s", device.serial, "shell", "getprop ro.build.version.sdk"]),
    );
    const results = await Promise.all(runs);
    results.forEach((result, i) => {
      expect({ exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) }).toEqual({
        exitCode: i % 7,
        stdout: `run-${i}`,
        stderr: "",
      });
    });
    for (const result of await Promise.all(props)) expect(String(result.stdout)).toBe(sdk);
  });

  it("a streaming logcat whose client is killed is dropped by the device", async () => {
    const subscribers = countSubscribers(device.device.state.log);
    const follower = session.harness.spawn(["-s", device.serial, "logcat", "-v", "tag"]);
    const output = new OutputWatcher(follower.stdout!);
    device.device.state.log.write("I", "E2eLeakCheck", "attached");
    await output.includes("E2eLeakCheck: attached");
    expect(subscribers.active).toBe(1);

    const dropped = subscribers.unsubscribed();
    follower.kill("SIGKILL");
    await follower;
    await dropped;
    expect(subscribers.active).toBe(0);
    // The device still serves new sessions after the drop.
    expect(String((await session.harness.adb(["-s", device.serial, "shell", "echo", "alive"])).stdout)).toBe("alive");
  });
});
