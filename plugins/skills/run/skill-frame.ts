export const SKILL_RESULT_FRAME = "[Clawperator-Skill-Result]";

export type FoundFrame = { kind: "none" } | { kind: "json"; line: string } | { kind: "bad"; message: string };

/**
 * Finds the SkillResult frame in stdout: the marker line followed by one JSON line, as the last non-empty lines.
 * No marker is a legacy skill, unless the skill must frame its result (orchestrated skills).
 */
export function findSkillResultFrame(stdout: string, required: boolean): FoundFrame {
  if (!stdout.includes(SKILL_RESULT_FRAME))
    return required
      ? { kind: "bad", message: "Agent-driven skills must emit a terminal SkillResult frame" }
      : { kind: "none" };
  const lines = stdout.split(/\r?\n/).filter((line) => line.trim() !== "");
  const markers = lines.flatMap((line, index) => (line.trim() === SKILL_RESULT_FRAME ? [index] : []));
  if (markers.length === 0)
    return required
      ? { kind: "bad", message: "Agent-driven skills must emit a terminal SkillResult frame" }
      : { kind: "none" };
  const last = markers[markers.length - 1]!;
  if (last === lines.length - 1)
    return { kind: "bad", message: "SkillResult frame marker was not followed by a JSON line" };
  if (last !== lines.length - 2)
    return { kind: "bad", message: "SkillResult frame must be the terminal non-empty stdout suffix" };
  return { kind: "json", line: lines[lines.length - 1]!.trim() };
}
