import { z } from "zod";
import type { ConfigOverrides } from "../../runtime/config-overrides.ts";

/**
 * The plugin's config in OpenClaw (`plugins.entries.clawperator.config`). openclaw.plugin.json's `configSchema`
 * is generated from this schema (scripts/openclaw-manifest.mjs), so OpenClaw refuses what this refuses.
 */
export const PluginConfigSchema = z.strictObject({
  deviceId: z.string().min(1).optional().describe("adb serial of the device the tools operate by default"),
  operatorPackage: z
    .string()
    .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/)
    .optional()
    .describe("the Operator APK's package (com.clawperator.operator or com.clawperator.operator.dev)"),
  adbPath: z.string().min(1).optional().describe("path of the adb binary (default: adb on PATH, or ADB_PATH)"),
  skillsRegistry: z.string().min(1).optional().describe("path of a skills-registry.json"),
  skillDirs: z.array(z.string().min(1)).max(64).optional().describe("extra directories of AgentSkills skill folders"),
  configPath: z
    .string()
    .min(1)
    .optional()
    .describe("a Clawperator config file to load (default: searched from the gateway's working directory)"),
});

export type PluginConfig = z.output<typeof PluginConfigSchema>;

/** The plugin config as settings laid over the Clawperator config file's. */
export function configOverrides(config: PluginConfig): ConfigOverrides {
  return {
    ...(config.deviceId ? { deviceId: config.deviceId } : {}),
    ...(config.operatorPackage ? { operatorPackage: config.operatorPackage } : {}),
    ...(config.adbPath ? { adbPath: config.adbPath } : {}),
    ...(config.skillsRegistry || config.skillDirs
      ? {
          skills: {
            ...(config.skillsRegistry ? { registry: config.skillsRegistry } : {}),
            ...(config.skillDirs ? { load: { extraDirs: config.skillDirs } } : {}),
          },
        }
      : {}),
  };
}
