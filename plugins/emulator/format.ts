import type { EmulatorAvd } from "./types.ts";

/** One line per AVD for `emulator list --output pretty`. */
export function formatAvd(avd: EmulatorAvd): string {
  const state = avd.running ? "running" : "stopped";
  const support = avd.supported ? "supported" : `unsupported (${avd.unsupportedReasons.join(", ")})`;
  return `${avd.name.padEnd(24)} ${state.padEnd(8)} ${support}`;
}

export function formatAvdDetail(avd: EmulatorAvd): string {
  return [
    `name:          ${avd.name}`,
    `running:       ${avd.running}`,
    `supported:     ${avd.supported}${avd.supported ? "" : ` (${avd.unsupportedReasons.join(", ")})`}`,
    `API level:     ${avd.apiLevel ?? "unknown"}`,
    `ABI:           ${avd.abi ?? "unknown"}`,
    `Google Play:   ${avd.playStore}`,
    `device:        ${avd.deviceProfile ?? "unknown"}`,
    `system image:  ${avd.systemImage ?? "unknown"}`,
  ].join("\n");
}
