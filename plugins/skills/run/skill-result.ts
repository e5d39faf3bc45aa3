import { z } from "zod";
import type { SkillResult } from "../../../core/services/skills.ts";

const SUPPORTED_MAJOR = 1;

const evidence = z.looseObject({ kind: z.enum(["text", "json", "result_envelope_ref"]) });

/** What a skill may emit after the frame marker (PROTOCOL.md "How real skills call the runtime"); extra keys kept. */
export const EmittedSkillResultSchema = z.looseObject({
  contractVersion: z.string().regex(/^\d+\.\d+\.\d+$/, "must be semver-shaped, like 1.0.0"),
  skillId: z.string().min(1),
  status: z.enum(["success", "failed", "indeterminate"]),
  checkpoints: z.array(z.looseObject({ id: z.string().min(1), status: z.enum(["ok", "failed", "skipped"]) })),
  terminalVerification: z
    .looseObject({
      status: z.enum(["verified", "failed", "not_run"]),
      expected: evidence.nullable().optional(),
      observed: evidence.nullable().optional(),
    })
    .nullable()
    .optional(),
  diagnostics: z.record(z.string(), z.unknown()).optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
});

export type FrameParse = { ok: true; skillResult: SkillResult | null } | { ok: false; message: string };

/**
 * Checks the JSON line of a frame against the contract. The runtime, not the skill, says where the result came
 * from: an emitted `source` is refused, and the trusted one is added.
 */
export function checkSkillResult(line: string, skillId: string, source: SkillResult["source"]): FrameParse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { ok: false, message: `SkillResult frame contained invalid JSON: ${(error as Error).message}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false, message: "SkillResult frame must be a JSON object" };
  if ("source" in parsed) return { ok: false, message: "SkillResult frame must not include source; the runtime injects it" };
  const result = EmittedSkillResultSchema.safeParse(parsed);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".") || "<root>"}: ${i.message}`).join("; ");
    return { ok: false, message: `SkillResult frame failed validation: ${issues}` };
  }
  const major = Number(result.data.contractVersion.split(".")[0]);
  if (major !== SUPPORTED_MAJOR) return { ok: false, message: `Unsupported SkillResult contract major version ${major}; expected ${SUPPORTED_MAJOR}` };
  if (result.data.skillId !== skillId) return { ok: false, message: `SkillResult skillId ${result.data.skillId} did not match invoked skill ${skillId}` };
  return { ok: true, skillResult: { ...result.data, source } as SkillResult };
}
