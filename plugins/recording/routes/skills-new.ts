import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defineHandler } from "h3";
import { readJsonBody } from "../../../core/http/index.ts";
import { recordingSource } from "../generate/load-source.ts";
import { newSkillFromSource } from "../generate/new-skill.ts";
import { fetchForRoute } from "./fetch-from-body.ts";
import { SkillsNewBodySchema } from "./route-schemas.ts";

/**
 * POST /skills/new `{ skillId, deviceId?, receiverPackage?, sessionId? }`: `skills new <skillId> --from-recording`
 * of a recording on the device, written where the command writes without --out: `skills/<skillId>/` and
 * `skills/skills-registry.json` under the server's working directory. The client names no path; an existing skill
 * folder is never overwritten (USAGE).
 */
export default defineHandler(async (event) => {
  const { skillId, ...target } = await readJsonBody(event, SkillsNewBodySchema);
  const fetched = await fetchForRoute(event, target);
  const source = recordingSource(fetched.data.toString("utf8"));
  const outcome = newSkillFromSource({ skillId, source, out: "." });
  const skillMd = readFileSync(join(outcome.skillDir, "SKILL.md"), "utf8");
  return { ...outcome, deviceId: fetched.deviceId, sessionId: fetched.sessionId, skillMd };
});
