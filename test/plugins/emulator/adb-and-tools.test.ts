import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { consoleCommand, ConsoleError } from "../../../android/emulator/index.ts";
import { EmulatorConsole } from "../../../android/virtual/adb/emulator-console.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { createEmulatorAdb } from "../../../plugins/emulator/emulator-adb.ts";
import { resolveSdkTool } from "../../../plugins/emulator/sdk-tools.ts";
import { caught } from "../../helpers/caught.ts";
import { freePort } from "../../helpers/free-port.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-emu-tools-");

function tool(path: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, 0o755);
  return path;
}

describe("SDK tool resolution", () => {
  it("prefers the override variable, then ANDROID_HOME / ANDROID_SDK_ROOT in the SDK's layout, then PATH", async () => {
    const sdk = await makeDir();
    const bin = await makeDir();
    const emulator = tool(join(sdk, "emulator", "emulator"));
    const sdkmanager = tool(join(sdk, "cmdline-tools", "latest", "bin", "sdkmanager"));
    const avdmanager = tool(join(sdk, "cmdline-tools", "12.0", "bin", "avdmanager"));
    const adb = tool(join(sdk, "platform-tools", "adb"));
    const onPath = tool(join(bin, "emulator"));
    const override = tool(join(bin, "my-emulator"));
    expect(resolveSdkTool("emulator", { ANDROID_HOME: sdk, PATH: bin })).toBe(emulator);
    expect(resolveSdkTool("emulator", { ANDROID_SDK_ROOT: sdk })).toBe(emulator);
    expect(resolveSdkTool("sdkmanager", { ANDROID_HOME: sdk })).toBe(sdkmanager);
    expect(resolveSdkTool("avdmanager", { ANDROID_HOME: sdk })).toBe(avdmanager);
    expect(resolveSdkTool("adb", { ANDROID_HOME: sdk })).toBe(adb);
    expect(resolveSdkTool("emulator", { PATH: bin })).toBe(onPath);
    expect(resolveSdkTool("emulator", { EMULATOR_PATH: override, ANDROID_HOME: sdk })).toBe(override);
  });

  it("ANDROID_SDK_TOOL_MISSING names the tool, the variable and every place searched", async () => {
    const sdk = await makeDir();
    const missing = await caught(() => resolveSdkTool("avdmanager", { ANDROID_HOME: sdk, PATH: "/nowhere" }));
    expect(missing.code).toBe("ANDROID_SDK_TOOL_MISSING");
    expect(missing.details).toEqual({
      tool: "avdmanager",
      searched: [
        join(sdk, "cmdline-tools/latest/bin/avdmanager"),
        join(sdk, "tools/bin/avdmanager"),
        "/nowhere/avdmanager",
      ],
    });
    const badOverride = await caught(() =>
      resolveSdkTool("sdkmanager", { SDKMANAGER_PATH: "/nonexistent", ANDROID_HOME: sdk }),
    );
    expect(badOverride.message).toBe("SDKMANAGER_PATH points to /nonexistent, which is not an executable sdkmanager");
  });
});

describe("emulator adb access", () => {
  function transportAnswering(stdout: string, seen: string[]): Transport {
    return {
      name: "fake",
      listDevices: async () => [
        { serial: "emulator-5554", state: "device" },
        { serial: "127.0.0.1:40000", state: "device" },
        { serial: "emulator-5556", state: "offline" },
      ],
      shell: async (serial, command) => {
        seen.push(`${serial}: ${command}`);
        return { stdout, stderr: "", exitCode: 0 };
      },
      execOut: async () => Buffer.alloc(0),
      logcat: () => {
        throw new Error("unused");
      },
      install: async () => ({ stdout: "", stderr: "", exitCode: 0 }),
    };
  }

  it("lists emulator serials only and needs both boot properties", async () => {
    const seen: string[] = [];
    const adb = createEmulatorAdb(() => transportAnswering("1\n\n", seen), {});
    expect(await adb.listEmulators()).toEqual([
      { serial: "emulator-5554", state: "device" },
      { serial: "emulator-5556", state: "offline" },
    ]);
    expect(await adb.bootCompleted("emulator-5554")).toBe(false);
    expect(seen).toEqual(["emulator-5554: getprop sys.boot_completed; getprop dev.bootcomplete"]);
    expect(await createEmulatorAdb(() => transportAnswering("\n1\n", []), {}).bootCompleted("emulator-5554")).toBe(
      false,
    );
    expect(await createEmulatorAdb(() => transportAnswering("1\n1\n", []), {}).bootCompleted("emulator-5554")).toBe(
      true,
    );
  });

  it("turns the transport's ADB_NOT_FOUND into ANDROID_SDK_TOOL_MISSING for adb", async () => {
    const transport = {
      listDevices: async () => {
        throw new ClawperatorError("ADB_NOT_FOUND", "adb was not found on PATH");
      },
    } as unknown as Transport;
    const error = await caught(() => createEmulatorAdb(() => transport, {}).listEmulators());
    expect([error.code, error.details]).toEqual(["ANDROID_SDK_TOOL_MISSING", { tool: "adb" }]);
  });
});

describe("the emulator console client", () => {
  it("authenticates with the token file, reads `avd name`, and `kill` ends the session", async () => {
    const home = await makeDir();
    writeFileSync(join(home, ".emulator_console_auth_token"), "s3cret\n");
    let onKill!: () => void;
    const killed = new Promise<void>((resolve) => (onKill = resolve));
    const console = new EmulatorConsole({ avdName: "clawperator-pixel", home, onKill });
    const port = await console.listen(await freePort());
    try {
      expect(await consoleCommand(port, "avd name", { home })).toEqual(["clawperator-pixel"]);
      const wrongHome = await makeDir();
      writeFileSync(join(wrongHome, ".emulator_console_auth_token"), "other");
      await expect(consoleCommand(port, "avd name", { home: wrongHome })).rejects.toBeInstanceOf(ConsoleError);
      await expect(consoleCommand(port, "frobnicate", { home })).rejects.toThrow("KO: unknown command");
      expect(await consoleCommand(port, "kill", { home })).toEqual([]);
      await killed;
    } finally {
      await console.close();
    }
  });

  it("ConsoleError when nothing listens", async () => {
    await expect(consoleCommand(await freePort(), "avd name")).rejects.toBeInstanceOf(ConsoleError);
  });
});
