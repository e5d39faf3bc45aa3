import { describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { builtinScenario } from "../../../android/virtual/scenario/load-scenario.ts";
import type { Scenario } from "../../../android/virtual/scenario/scenario-types.ts";
import { freeEmulatorPort } from "../../helpers/free-port.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { isListening } from "./processes.ts";

const session = virtualSession({ emulatorDiscovery: true });
const BOOT_MS = 500;

function bootingScenario(name: string, completeAfterMs: number | "never"): Scenario {
  const base = builtinScenario("default");
  return { ...base, name, device: { ...base.device, boot: { completeAfterMs } } };
}

const getprop = async (device: RunningVirtualDevice, key: string) =>
  String((await session.harness.adb(["-s", device.serial, "shell", "getprop", key])).stdout);

describe("emulator mode and boot", () => {
  it("appears as emulator-<port-1> without adb connect, answers the console, boots after the scenario's delay, and dies on emu kill", async () => {
    // Still booting: the properties are unset, as on Android before boot completes. Asked of a device that never
    // boots, so no start-up time on a busy machine can let its boot finish first.
    const never = await session.startDevice({ scenario: bootingScenario("neverboots", "never") });
    expect(await getprop(never, "sys.boot_completed")).toBe("");
    const port = await freeEmulatorPort();
    const started = Date.now();
    const emulator = await session.startDevice({
      scenario: bootingScenario("slowboot", BOOT_MS),
      emulator: true,
      port,
    });

    expect(emulator.serial).toBe(`emulator-${port - 1}`);
    expect(emulator.consolePort).toBe(port - 1);
    const listed = await session.harness.devices();
    expect(listed.get(emulator.serial)).toBe("device");
    expect(listed.has(`127.0.0.1:${port}`)).toBe(false);

    const avd = await session.harness.adb(["-s", emulator.serial, "emu", "avd", "name"]);
    expect(String(avd.stdout)).toBe("clawperator_slowboot\r\nOK");

    await emulator.device.state.whenBootCompleted();
    // Timers never fire early; the margin only covers Date.now()'s millisecond rounding.
    expect(Date.now() - started).toBeGreaterThanOrEqual(BOOT_MS - 1);
    expect(await getprop(emulator, "sys.boot_completed")).toBe("1");
    expect(await getprop(emulator, "dev.bootcomplete")).toBe("1");
    // "never" keeps a device booting, although it has been running longer than the one that finished.
    expect(await getprop(never, "sys.boot_completed")).toBe("");
    expect(await getprop(never, "dev.bootcomplete")).toBe("");

    const kill = await session.harness.adb(["-s", emulator.serial, "emu", "kill"]);
    expect(kill.exitCode).toBe(0);
    await emulator.stopped;
    await session.harness.waitForDevices((devices) => !devices.has(emulator.serial));
    expect(await isListening(port)).toBe(false);
    expect(await isListening(port - 1)).toBe(false);
  });

  it("a device that booted at once reports it right away", async () => {
    const device = await session.startDevice({ scenario: bootingScenario("instant", 0) });
    expect(await getprop(device, "sys.boot_completed")).toBe("1");
    expect(await getprop(device, "dev.bootcomplete")).toBe("1");
  });
});
