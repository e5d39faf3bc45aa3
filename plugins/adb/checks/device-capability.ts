import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { DoctorCheck } from "../../../core/kernel/index.ts";
import { type ShellResult, Transport } from "../../../core/services/transport.ts";

/**
 * `getprop ro.build.version.sdk; wm size; wm density` in one round trip (docs/protocol.md#device-facts-doctor-reads).
 */
export const CAPABILITY_COMMAND = "getprop ro.build.version.sdk; wm size; wm density";

export function parseCapability(stdout: string): { sdk?: number; wmSize?: string; wmDensity?: number } {
  const lines = stdout.split(/\r?\n/).map((l) => l.trim());
  const sdk = Number(lines[0]);
  // An override (`Override size: ...`) is what apps see; it follows the physical line.
  const pick = (label: string) =>
    lines
      .filter((l) => l.includes(` ${label}: `))
      .map((l) => l.slice(l.indexOf(": ") + 2))
      .pop();
  const size = pick("size");
  const density = Number(pick("density"));
  return {
    ...(Number.isInteger(sdk) && lines[0] !== "" ? { sdk } : {}),
    ...(size ? { wmSize: size } : {}),
    ...(Number.isFinite(density) && density > 0 ? { wmDensity: density } : {}),
  };
}

/** device.capability: the device shell answers; SDK level and display size/density are kept as evidence. */
const check: DoctorCheck = {
  async run({ services, deviceId }) {
    const serial = deviceId!;
    const fix = {
      title: "Reconnect the device",
      platform: "any" as const,
      steps: [{ kind: "shell" as const, value: `adb -s ${serial} reconnect` }],
    };
    let result: ShellResult;
    try {
      result = await services.resolve(Transport).shell(serial, CAPABILITY_COMMAND, { timeoutMs: 10_000 });
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      return {
        status: "fail",
        code: "DEVICE_SHELL_UNAVAILABLE",
        summary: `The shell of ${serial} is not reachable.`,
        detail: error.message,
        fix,
      };
    }
    const facts = parseCapability(result.stdout);
    if (result.exitCode !== 0 || facts.sdk === undefined) {
      return {
        status: "fail",
        code: "DEVICE_SHELL_UNAVAILABLE",
        summary: `The shell of ${serial} did not answer \`${CAPABILITY_COMMAND}\`.`,
        detail: (result.stderr || result.stdout).trim() || `exit code ${result.exitCode}`,
        fix,
        evidence: facts,
      };
    }
    const parts = [`SDK ${facts.sdk}`, facts.wmSize, facts.wmDensity && `${facts.wmDensity} dpi`].filter(Boolean);
    return { status: "pass", summary: `Device shell is available (${parts.join(", ")}).`, evidence: facts };
  },
};

export default check;
