import type { Transport } from "../../../core/services/transport.ts";

/** The packages installed on a device (`pm list packages`), or undefined when the device cannot be asked. */
export async function devicePackages(transport: Transport, deviceId: string): Promise<Set<string> | undefined> {
  try {
    const result = await transport.shell(deviceId, "pm list packages", { timeoutMs: 10_000 });
    if (result.exitCode !== 0) return undefined;
    return new Set(
      result.stdout
        .split(/\r?\n/)
        .filter((l) => l.startsWith("package:"))
        .map((l) => l.slice("package:".length).trim()),
    );
  } catch {
    return undefined;
  }
}
