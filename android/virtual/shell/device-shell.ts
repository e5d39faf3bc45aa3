import type { DeviceServices } from "../device/device-services.ts";
import { deviceFiles } from "../device/device-files.ts";
import type { DeviceState } from "../device/device-state.ts";
import type { UiModel } from "../ui/ui-model.ts";
import { DEVICE_COMMANDS } from "./commands/index.ts";
import { runScript, type ShellEnvironment } from "./run-script.ts";
import { streamStdin } from "./stdin-source.ts";

/** The environment adbd gives a shell. */
const SHELL_ENV: ReadonlyArray<[string, string]> = [
  [
    "PATH",
    "/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:" +
      "/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin",
  ],
  ["HOME", "/"],
  ["USER", "shell"],
  ["SHELL", "/system/bin/sh"],
  ["TMPDIR", "/data/local/tmp"],
  ["EXTERNAL_STORAGE", "/sdcard"],
  ["ANDROID_DATA", "/data"],
  ["ANDROID_ROOT", "/system"],
];

/**
 * The device's shell for the adb wire server (each command line runs in a fresh sh with the device's commands),
 * and its files for `adb pull` / `adb push`.
 */
export function createDeviceShell(state: DeviceState, ui: UiModel): DeviceServices {
  const runtime: ShellEnvironment = { state, ui, commands: DEVICE_COMMANDS };
  return {
    banner: () => ({
      name: state.properties.get("ro.product.name") ?? state.profile.product,
      model: state.properties.get("ro.product.model") ?? state.profile.model,
      device: state.properties.get("ro.product.device") ?? state.profile.device,
    }),
    run: (commandLine, session) =>
      runScript(runtime, commandLine, {
        stdin: streamStdin(session.stdin),
        stdout: session.stdout,
        stderr: session.stderr,
        signal: session.signal,
        vars: new Map([...SHELL_ENV, ["HOSTNAME", state.properties.get("ro.product.device") ?? "localhost"]]),
        pid: state.processes.spawn(),
      }),
    files: deviceFiles(state.fs),
  };
}
