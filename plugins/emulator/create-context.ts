import { randomUUID } from "node:crypto";
import { findAdb } from "../../android/adb/adb-binary.ts";
import { avdHome, defaultProfile } from "../../android/avd/index.ts";
import { isClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { DeviceLocks } from "../../core/execution/device-lock.ts";
import type { ServiceAccess } from "../../core/kernel/index.ts";
import { RuntimeConfig } from "../../core/services/runtime-config.ts";
import { Transport } from "../../core/services/transport.ts";
import { systemClock } from "../../core/host/clock.ts";
import { createEmulatorAdb } from "./emulator-adb.ts";
import type { EmulatorContext } from "./emulator-context.ts";
import { createLauncher } from "./launcher.ts";
import { createProgress, silentProgress } from "./progress.ts";
import { resolveSdkTool } from "./sdk-tools.ts";
import { createSdkTools } from "./tool-runner.ts";
import { POLL_MS, STOP_TIMEOUT_MS } from "./types.ts";

export interface ContextOptions {
  /** Where progress lines go (the logger's progress in the CLI); none for HTTP. */
  progress?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/**
 * The adb transport finds adb through ADB_PATH, the config's adbPath and PATH; for the emulator commands an SDK's
 * `platform-tools/adb` (ANDROID_HOME / ANDROID_SDK_ROOT) counts too, so it is handed to the transport as ADB_PATH
 * when nothing else names one. This process's environment only: the transport reads it when it first runs adb.
 */
function adoptSdkAdb(env: NodeJS.ProcessEnv, configured: string | undefined): void {
  if (env.ADB_PATH || configured) return;
  try {
    findAdb(undefined, env);
  } catch {
    try {
      env.ADB_PATH = resolveSdkTool("adb", env);
    } catch {
      // no adb anywhere: the transport's ADB_NOT_FOUND becomes ANDROID_SDK_TOOL_MISSING (emulator-adb.ts)
    }
  }
}

/** The cross-process lock files executions use (~/.clawperator/locks), under an emulator key. */
function tryLock(key: string): (() => void) | undefined {
  try {
    const lock = new DeviceLocks().acquire(key, { executionId: randomUUID(), commandId: "provision emulator" });
    return () => lock.release();
  } catch (error) {
    if (isClawperatorError(error) && error.code === "EXECUTION_CONFLICT_IN_FLIGHT") return undefined;
    throw error;
  }
}

/** The real thing: SDK tools from the environment, adb through the kernel's Transport, the system clock. */
export function createEmulatorContext(services: ServiceAccess, options: ContextOptions = {}): EmulatorContext {
  const env = options.env ?? process.env;
  adoptSdkAdb(env, services.isRegistered(RuntimeConfig) ? services.resolve(RuntimeConfig).adbPath : undefined);
  return {
    avdHome: avdHome(env),
    tools: createSdkTools(env),
    adb: createEmulatorAdb(() => services.resolve(Transport), env),
    launcher: createLauncher(env),
    clock: systemClock,
    progress: options.progress ? createProgress(options.progress, systemClock) : silentProgress,
    profile: defaultProfile(),
    pollMs: POLL_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    tryLock,
  };
}
