import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import { DEFAULT_OPERATOR_PACKAGE } from "../../../core/contracts/limits.ts";
import type { SkillRunOutcome, SkillRunRequest } from "../../../core/services/skills.ts";
import { gatingDevice, onlyDevice } from "../service/device-packages.ts";
import { notEligible } from "../service/not-eligible.ts";
import type { LocalSkills } from "../service/skills-service.ts";
import { judge, skillStatus } from "../status/skill-status.ts";
import { validateSkill } from "../validate/validate-skill.ts";
import { resolveClawperatorBin } from "./clawperator-bin.ts";
import { runSkillScript } from "./run-skill.ts";
import { skillEnv } from "./skill-env.ts";

/**
 * `skills run` on this machine: the device (named, configured, or the only one), the skill's gate judged on it for
 * the caller's agent, the child's environment from the skill's config entry, then the script.
 */
export async function runLocalSkill(skills: LocalSkills, given: SkillRunRequest): Promise<SkillRunOutcome> {
  const { config } = skills;
  const deviceId = given.deviceId ?? config.deviceId ?? (await onlyDevice(skills.transport));
  // The serial becomes the script's first argument and CLAWPERATOR_DEVICE_ID: only what adb itself prints.
  if (deviceId !== undefined)
    checkDeviceSerial(deviceId, given.deviceId === undefined ? "config deviceId" : "device id");
  const request = { ...given, ...(deviceId ? { deviceId } : {}) };
  const catalog = skills.catalog();
  const record = skills.record(request.skillId, catalog);
  if (request.validate) await validateSkill(record, { dryRun: true });
  const device = await gatingDevice(skills.transport, request.deviceId);
  const scope = {
    ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
    ...(request.lenientAgent ? { lenientAgent: true } : {}),
  };
  const ctx = skills.context(scope, device);
  const judged = judge(record, ctx);
  notEligible(skillStatus(judged, ctx), request.invoker ?? "user", device?.id);
  const { env, refused } = skillEnv({
    base: skills.env,
    ...(judged.entry ? { entry: judged.entry } : {}),
    ...(judged.metadata.primaryEnv ? { primaryEnv: judged.metadata.primaryEnv } : {}),
  });
  if (refused.length)
    skills.logger.warn(`skills.entries.${judged.skillKey}.env may not set ${refused.join(", ")}; ignored`);
  return runSkillScript(record, request, {
    env,
    clawperatorBin: resolveClawperatorBin(skills.env),
    operatorPackage: request.operatorPackage ?? config.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE,
    ...(catalog.registry ? { registryPath: catalog.registry.path } : {}),
    ...(skills.skillsConfig.maxOutputBytes ? { maxOutputBytes: skills.skillsConfig.maxOutputBytes } : {}),
  });
}
