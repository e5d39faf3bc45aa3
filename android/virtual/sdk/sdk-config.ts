import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * How the SDK stand-in behaves, kept in `<sdk>/virtual-sdk.json` so every tool (and every emulator it starts)
 * reads the same settings. The failure switches produce each failure path a provisioning flow must handle.
 */
export const VirtualSdkConfigSchema = z.strictObject({
  /** Scenario of the devices the emulator starts (built-in name or file). */
  scenario: z.string().min(1).default("default"),
  /** When `sys.boot_completed` and `dev.bootcomplete` turn 1 after the emulator starts; "never" keeps it booting. */
  bootDelayMs: z.union([z.number().int().min(0), z.literal("never")]).default(2_000),
  /** false: the emulator process runs but never registers with adb (a start that never registers). */
  register: z.boolean().default(true),
  /** true: `sdkmanager <system image>` fails as a broken download does. */
  failImageInstall: z.boolean().default(false),
});

export type VirtualSdkConfig = z.output<typeof VirtualSdkConfigSchema>;
export type VirtualSdkConfigInput = z.input<typeof VirtualSdkConfigSchema>;

export const SDK_CONFIG_FILE = "virtual-sdk.json";

export function readSdkConfig(sdkRoot: string): VirtualSdkConfig {
  let raw: unknown = {};
  try {
    raw = JSON.parse(readFileSync(join(sdkRoot, SDK_CONFIG_FILE), "utf8"));
  } catch {
    // a missing or unreadable file means the defaults
  }
  const parsed = VirtualSdkConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : VirtualSdkConfigSchema.parse({});
}

export function writeSdkConfig(sdkRoot: string, config: VirtualSdkConfigInput): VirtualSdkConfig {
  const value = VirtualSdkConfigSchema.parse(config);
  writeFileSync(join(sdkRoot, SDK_CONFIG_FILE), `${JSON.stringify(value, null, 2)}\n`);
  return value;
}
