import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import type { ClawperatorConfig, ClawperatorConfigInput } from "../config/schema.ts";

/** Settings a front end passes in code (the OpenClaw plugin's config), laid over the config file's. */
export type ConfigOverrides = Pick<ClawperatorConfigInput, "deviceId" | "operatorPackage" | "adbPath" | "skills">;

/**
 * Lays `overrides` over the loaded config and validates the result with the config schema, so a bad override is
 * CONFIG_INVALID naming its path, exactly as a bad config file is.
 */
export async function applyConfigOverrides(
  config: ClawperatorConfig,
  overrides: ConfigOverrides,
): Promise<ClawperatorConfig> {
  const { filepath, ...loaded } = config;
  const merged = {
    ...loaded,
    ...overrides,
    ...(overrides.skills || loaded.skills ? { skills: { ...loaded.skills, ...overrides.skills } } : {}),
  };
  const [{ ConfigSchema }, { formatPath, issuePath }] = await Promise.all([
    import("../config/schema.js"),
    import("../core/contracts/issue-message.js"),
  ]);
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = formatPath(issuePath(issue)) || "(root)";
    throw new ClawperatorError("CONFIG_INVALID", `invalid setting "${path}": ${issue.message}`, {
      details: { path, source: "overrides" },
    });
  }
  return { ...parsed.data, ...(filepath ? { filepath } : {}) };
}
