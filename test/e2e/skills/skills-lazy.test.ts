import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LOAD_LOGGER, loadedCliFiles } from "../../helpers/load-log.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-lazy-");
let home = "";
beforeAll(async () => {
  home = await makeDir({ "skills/one/SKILL.md": "---\nname: one\ndescription: d\n---\n" });
});

/** The skills runtime's code: the catalog, the frontmatter parser (js-yaml, JSON5), the prompt block, the watcher. */
const SKILLS_CODE = [/class SkillsRuntime\b/, /function formatSkillsForPrompt\b/, /function watchSkills\b/];

async function loaded(args: string[]) {
  const log = join(home, `loads-${args.join("-")}.txt`);
  const result = await runCli(args, {
    cwd: home,
    env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), LOAD_LOG: log },
    nodeArgs: LOAD_LOGGER,
  });
  const files = loadedCliFiles(log);
  return { result, skills: files.filter((f) => SKILLS_CODE.some((m) => m.test(readFileSync(f, "utf8")))) };
}

describe("skills cost nothing to a command that touches no skill", () => {
  it.each(
    [["--help"], ["execute", "--validate-only", "--execution", "{}"], ["skills", "--help"], ["virtual", "--help"]].map(
      (args) => [args.join(" "), args] as const,
    ),
  )("`clawperator %s` loads none of the skills runtime", async (_, args) => {
    const { skills } = await loaded([...args]);
    expect(skills).toEqual([]);
  });

  it("the markers are real: skills list loads it", async () => {
    const { result, skills } = await loaded(["skills", "list"]);
    expect(result.stdout).toContain('"one"');
    expect(skills.length).toBeGreaterThan(0);
  });
});
