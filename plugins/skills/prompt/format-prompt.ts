/** What the prompt block lists of a skill. */
export interface PromptSkill {
  name: string;
  description: string;
  /** Absolute path of its SKILL.md. */
  location: string;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/**
 * The compact XML list of available skills that OpenClaw injects into the system prompt
 * (docs/openclaw-skills.md#token-impact): the block `formatSkillsForPrompt` of `@mariozechner/pi-coding-agent` writes
 * (the versions the documented formula was measured on: 195 characters plus 97 and the escaped name, description and
 * location per skill), empty for no skills.
 */
export function formatSkillsForPrompt(skills: readonly PromptSkill[]): string {
  if (skills.length === 0) return "";
  const lines = [
    "\n\nThe following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "",
    "<available_skills>",
  ];
  for (const skill of skills) {
    lines.push("  <skill>");
    lines.push(`    <name>${escapeXml(skill.name)}</name>`);
    lines.push(`    <description>${escapeXml(skill.description)}</description>`);
    lines.push(`    <location>${escapeXml(skill.location)}</location>`);
    lines.push("  </skill>");
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}
