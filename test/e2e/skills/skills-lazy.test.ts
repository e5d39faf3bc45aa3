import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-lazy-");
let home = "";
let register = "";

/** A module loader hook (Node's module.register) that appends every module URL the CLI loads to $LOAD_LOG. */
const HOOK = `
import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  if (process.env.LOAD_LOG) appendFileSync(process.env.LOAD_LOG, url + "\\n");
  return next(url, context);
}`;

beforeAll(async () => {
  home = await makeDir({ "skills/one/SKILL.md": "---\nname: one\ndescription: d\n---\n" });
  register = join(home, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});\n`,
  );
});

/** The CLI's own bundle files (dist/cli) a load log names. */
const loadedCliFiles = (log: string) =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter((url) => url.startsWith("file:") && url.includes("/dist/cli/"))
    .map((url) => fileURLToPath(url));

/** The skills runtime's code: the catalog, the frontmatter parser (js-yaml, JSON5), the prompt block, the watcher. */
const SKILLS_CODE = [/class LocalSkills\b/, /function formatSkillsForPrompt\b/, /function watchSkills\b/];

async function loaded(args: string[]) {
  const log = join(home, `loads-${args.join("-")}.txt`);
  const result = await runCli(args, {
    cwd: home,
    env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), LOAD_LOG: log },
    nodeArgs: ["--import", register],
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
