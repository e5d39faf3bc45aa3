import { ConsoleError, consoleCommand, consolePortOf } from "../../android/emulator/index.ts";
import { ClawperatorError, isClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { Transport } from "../../core/services/transport.ts";

export interface ListedEmulator {
  serial: string;
  /** adb's state: `device` once adbd answers, `offline` while an emulator is still starting. */
  state: string;
}

/** What the emulator plugin needs from adb and the emulator console. */
export interface EmulatorAdb {
  listEmulators(): Promise<ListedEmulator[]>;
  /** `adb -s <serial> emu avd name`; undefined when the console does not answer (or refuses this host). */
  avdName(serial: string): Promise<string | undefined>;
  /** Both `sys.boot_completed` and `dev.bootcomplete` are `1`; false while the device cannot answer. */
  bootCompleted(serial: string): Promise<boolean>;
  /** `adb -s <serial> emu kill`; throws ConsoleError when the console refuses or cannot be reached. */
  kill(serial: string): Promise<void>;
}

/** The transport's ADB_NOT_FOUND is, for the emulator commands, a missing SDK tool like the others. */
function asToolMissing(error: unknown): unknown {
  if (isClawperatorError(error) && error.code === "ADB_NOT_FOUND") {
    return new ClawperatorError(
      "ANDROID_SDK_TOOL_MISSING",
      `the Android SDK tool \`adb\` was not found: ${error.message}`,
      {
        ...(error.hint ? { hint: error.hint } : {}),
        details: { tool: "adb" },
      },
    );
  }
  return error;
}

const BOOT_QUERY = "getprop sys.boot_completed; getprop dev.bootcomplete";

export function createEmulatorAdb(transport: () => Transport, env: NodeJS.ProcessEnv = process.env): EmulatorAdb {
  const consoleOptions = { ...(env.HOME ? { home: env.HOME } : {}), timeoutMs: 5_000 };
  const portOf = (serial: string) => {
    const port = consolePortOf(serial);
    if (port === undefined) throw new ConsoleError(`${serial} is not an emulator serial`);
    return port;
  };
  return {
    async listEmulators() {
      try {
        const devices = await transport().listDevices();
        return devices
          .filter((d) => consolePortOf(d.serial) !== undefined)
          .map((d) => ({ serial: d.serial, state: d.state }));
      } catch (error) {
        throw asToolMissing(error);
      }
    },
    async avdName(serial) {
      try {
        const lines = await consoleCommand(portOf(serial), "avd name", consoleOptions);
        return lines.map((line) => line.trim()).find((line) => line !== "");
      } catch (error) {
        if (error instanceof ConsoleError) return undefined;
        throw error;
      }
    },
    async bootCompleted(serial) {
      try {
        const result = await transport().shell(serial, BOOT_QUERY, { timeoutMs: 5_000 });
        const [sys, dev] = result.stdout.split(/\r?\n/).map((line) => line.trim());
        return sys === "1" && dev === "1";
      } catch {
        return false;
      }
    },
    async kill(serial) {
      await consoleCommand(portOf(serial), "kill", consoleOptions);
    },
  };
}
