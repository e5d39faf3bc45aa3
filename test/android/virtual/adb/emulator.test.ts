import { readFile, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerEmulator, startEmulator, type VirtualEmulator } from "../../../../android/virtual/adb/index.ts";
import { AdbHarness } from "../../../helpers/adb-harness.ts";
import { freeEmulatorPort, freePortPair } from "../../../helpers/free-port.ts";
import { StubServices } from "./stub-services.ts";

/** Sends `input` to a console, half-closes like adb does, and returns everything it answered. */
async function talkToConsole(port: number, input: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  socket.end(input);
  let output = "";
  for await (const chunk of socket) output += String(chunk);
  return output;
}

describe("emulator mode", () => {
  let harness: AdbHarness;
  let emulator: VirtualEmulator;
  let killed: () => void;
  const killedSignal = new Promise<void>((resolve) => (killed = resolve));

  beforeAll(async () => {
    harness = await AdbHarness.start({ emulatorDiscovery: true });
    emulator = await startEmulator(new StubServices(), {
      avdName: "clawperator-pixel",
      adbPort: await freeEmulatorPort(),
      adbServerPort: harness.serverPort,
      home: harness.home,
      onKill: () => killed(),
    });
  });

  afterAll(async () => {
    await emulator?.close();
    await harness?.stop();
  });

  it("registers with the adb server as emulator-<adbPort - 1> and runs commands", async () => {
    expect(emulator.serial).toBe(`emulator-${emulator.adbPort - 1}`);
    // Any adb server starting now scans 5555–5585 and may be the one startEmulator saw connect; wait for ours.
    await harness.waitForDevices((devices) => devices.get(emulator.serial) === "device");
    expect((await harness.adb(["-s", emulator.serial, "shell", "echo", "hi"])).stdout).toBe("hi");
  });

  it("creates the console auth token in HOME, as the emulator does", async () => {
    const token = await readFile(join(harness.home, ".emulator_console_auth_token"), "utf8");
    expect(token).toMatch(/^[A-Za-z0-9+/]{16}$/);
  });

  it("answers `adb emu avd name` with the AVD name then OK", async () => {
    const result = await harness.adb(["-s", emulator.serial, "emu", "avd", "name"]);
    expect(result.stdout).toBe("clawperator-pixel\r\nOK");
  });

  it("console: requires the token, rejects a wrong one, answers unknown commands with KO", async () => {
    const token = await readFile(join(harness.home, ".emulator_console_auth_token"), "utf8");
    const input = `avd name\nauth wrong\nauth ${token}\nbogus\navd name\nquit\nping\n`;
    const output = await talkToConsole(emulator.consolePort, input);
    expect(output).toBe(
      [
        "Android Console: Authentication required",
        "Android Console: type 'auth <auth_token>' to authenticate",
        "Android Console: you can find your <auth_token> in ",
        `'${join(harness.home, ".emulator_console_auth_token")}'`,
        "OK",
        "KO: unknown command, try 'help'",
        "KO: authentication token does not match ~/.emulator_console_auth_token",
        "Android Console: type 'help' for a list of commands",
        "OK",
        "KO: unknown command, try 'help'",
        "clawperator-pixel",
        "OK",
        "",
      ].join("\r\n"),
    );
  });

  it("going offline drops an emulator from adb (it is not reconnected); registering again brings it back", async () => {
    emulator.device.goOffline();
    await harness.waitForDevices((devices) => !devices.has(emulator.serial));
    emulator.device.goOnline();
    const connected = emulator.device.hostConnected();
    await registerEmulator(emulator.adbPort, { adbServerPort: harness.serverPort });
    await connected;
    await harness.waitForDevices((devices) => devices.get(emulator.serial) === "device");
  });

  it("`adb emu kill` stops the emulator: ports closed, gone from adb devices", async () => {
    const result = await harness.adb(["-s", emulator.serial, "emu", "kill"]);
    expect(result.stdout).toBe("OK: killing emulator, bye bye");
    await killedSignal;
    await harness.waitForDevices((devices) => !devices.has(emulator.serial));
    expect((await harness.devices()).has(emulator.serial)).toBe(false);
    await expect(talkToConsole(emulator.consolePort, "quit\n")).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("emulator console without a token", () => {
  it("keeps an existing token file and needs no auth when it is empty", async () => {
    const harness = await AdbHarness.start({ emulatorDiscovery: true });
    await writeFile(join(harness.home, ".emulator_console_auth_token"), "");
    const emulator = await startEmulator(new StubServices(), {
      avdName: "open-console",
      // The console listens one below the adb port: both must be free.
      adbPort: await freePortPair(),
      adbServerPort: false,
      home: harness.home,
    });
    try {
      const output = await talkToConsole(emulator.consolePort, "avd name\nquit\n");
      expect(output).toBe("Android Console: type 'help' for a list of commands\r\nOK\r\nopen-console\r\nOK\r\n");
      expect(await readFile(join(harness.home, ".emulator_console_auth_token"), "utf8")).toBe("");
    } finally {
      await emulator.close();
      await harness.stop();
    }
  });
});
