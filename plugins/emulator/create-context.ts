import { avdHome, defaultProfile } from "../../android/avd/index.ts";
import type { ServiceAccess } from "../../core/kernel/index.ts";
import { Transport } from "../../core/services/transport.ts";
import { systemClock } from "./clock.ts";
import { createEmulatorAdb } from "./emulator-adb.ts";
import type { EmulatorContext } from "./emulator-context.ts";
import { createLauncher } from "./launcher.ts";
import { createProgress, silentProgress } from "./progress.ts";
import { createSdkTools } from "./tool-runner.ts";
import { POLL_MS, STOP_TIMEOUT_MS } from "./types.ts";

export interface ContextOptions {
  /** Where progress lines go (the logger's progress in the CLI); none for HTTP. */
  progress?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** The real thing: SDK tools from the environment, adb through the kernel's Transport, the system clock. */
export function createEmulatorContext(services: ServiceAccess, options: ContextOptions = {}): EmulatorContext {
  const env = options.env ?? process.env;
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
  };
}
