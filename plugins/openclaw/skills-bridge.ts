import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** The fields of a `skills list` entry (docs/skills-registry.md#discovery) a generated skill needs. */
const RegistrySkill = z.object({
  id: z.string().min(1).max(256),
  applicationId: z.string().max(512).optional(),
  intent: z.string().max(256).optional(),
  summary: z.string().max(2_000).optional(),
  /** The skill's SKILL.md body, {baseDir} already replaced by its folder. */
  instructions: z.string().max(256_000).optional(),
});
const SkillsList = z.object({ skills: z.array(z.unknown()) });

/** Marks a folder this bridge wrote, so a sync only ever removes its own folders. */
const MARKER = ".clawperator-generated";

/** An AgentSkills name (lowercase letters, digits, hyphens, at most 64) for a registry id; also a safe folder name. */
export function skillName(id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `clawperator-${slug}`.slice(0, 64).replace(/-+$/, "");
}

/** One line, no frontmatter-breaking characters: registry text comes from a repository, not from us. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

function skillMarkdown(skill: z.infer<typeof RegistrySkill>): string {
  const summary = oneLine(skill.summary ?? `Clawperator skill ${skill.id}`);
  const app = skill.applicationId ? oneLine(skill.applicationId) : undefined;
  const appNote = app ? ` (Android app ${app})` : "";
  const description = `${summary}${appNote}. Runs on an Android device through the Clawperator tools.`;
  const run = JSON.stringify({ skillId: skill.id });
  return [
    "---",
    `name: ${skillName(skill.id)}`,
    // JSON strings are YAML flow scalars, so any text is quoted safely.
    `description: ${JSON.stringify(description)}`,
    `metadata: ${JSON.stringify({ openclaw: { requires: { bins: ["adb"] } }, clawperator: { skillId: skill.id } })}`,
    "---",
    "",
    `# ${oneLine(skill.id)}`,
    "",
    summary,
    "",
    "## How to run it",
    "",
    `1. Inspect it with \`clawperator_skills_get\` ${JSON.stringify({ skillId: skill.id })} to read its inputs.`,
    `2. Run it with \`clawperator_skills_run\` ${run} (add \`args\` and \`deviceId\` as needed).`,
    "3. Verify the outcome with `clawperator_snapshot` before reporting success; a skill's `status` of " +
      "`indeterminate` means check the screen yourself.",
    "",
    // Its own instructions, below ours: they cannot add frontmatter, which is above.
    ...(skill.instructions?.trim() ? ["## The skill's instructions", "", skill.instructions.trim(), ""] : []),
  ].join("\n");
}

/**
 * Writes one AgentSkills folder per skill the agent may use into `dir` (a skills dir of the plugin's manifest), each
 * gated on adb, telling the agent how to run it through the tools and carrying the skill's own instructions; removes
 * folders it wrote before for skills no longer there. Entries that are not skills are skipped.
 */
export async function syncRegistrySkills(skillsList: unknown, dir: string): Promise<{ written: string[] }> {
  const entries = SkillsList.parse(skillsList).skills.flatMap((entry) => {
    const parsed = RegistrySkill.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  await mkdir(dir, { recursive: true });
  const written = new Set<string>();
  for (const skill of entries) {
    const name = skillName(skill.id);
    if (name === "clawperator" || written.has(name)) continue;
    const folder = join(dir, name);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "SKILL.md"), skillMarkdown(skill));
    await writeFile(join(folder, MARKER), `${skill.id}\n`);
    written.add(name);
  }
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || written.has(entry.name)) continue;
    const marked = (await readdir(join(dir, entry.name))).includes(MARKER);
    if (marked) await rm(join(dir, entry.name), { recursive: true, force: true });
  }
  return { written: [...written] };
}
