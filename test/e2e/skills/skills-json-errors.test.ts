import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorOutput } from "../../helpers/cli-output.ts";
import { cliSandbox, json } from "../../helpers/run-cli.ts";
import { FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

// A skill's JSON files (skill.json, recipe artifacts) are read bounded, and a parse error names the
// file and the position, never the text: a skill.json may be a link to any file the user can read.

const cli = cliSandbox();
const makeDir = tempDirs("clawperator-skills-json-");
const SECRET = "root:$6$secret-hash-value:19000:0:99999:7:::\n";
let env: Record<string, string> = {};
let repo = "";

beforeAll(async () => {
  repo = await makeDir();
  const { registry } = await writeSkillsRepo(repo);
  env = { CLAWPERATOR_SKILLS_REGISTRY: registry };
  await writeFile(join(repo, S.echo.path, "skill.json"), SECRET);
  await writeFile(join(repo, S.recipe.path, "artifacts", "open-thing.recipe.json"), SECRET);
});

const skills = (args: string[]) => cli.run(["skills", ...args], { env });

describe("a skill's JSON that does not parse", () => {
  it.each([
    ["skills run", ["run", S.echo.id, "--skip-validate"]],
    ["skills validate", ["validate", S.echo.id]],
  ])("%s: skill.json is named with the position", async (_name, args) => {
    const result = await skills(args);
    expect(`${result.stdout}${result.stderr}`).not.toContain("secret");
    const error = json<ErrorOutput>(result);
    expect(error.code).toBe("SKILL_VALIDATION_FAILED");
    expect(error.message).toContain("(line 1, column 1: unexpected character; expected a value)");
  });

  it("skills compile-artifact: the compiled artifact is named with the position", async () => {
    const result = await skills(["compile-artifact", S.recipe.id, "--artifact", "open-thing", "--vars", "{}"]);
    expect(`${result.stdout}${result.stderr}`).not.toContain("secret");
    expect(json<ErrorOutput>(result)).toMatchObject({
      code: "COMPILE_VALIDATION_FAILED",
      message: "Compiled artifact is not valid JSON (line 1, column 1: unexpected character; expected a value)",
    });
  });

  it("skills compile-artifact --vars that do not parse: the position, not the text", async () => {
    const result = await skills(["compile-artifact", S.recipe.id, "--artifact", "open-thing", "--vars", "{x}"]);
    expect(json<ErrorOutput>(result)).toMatchObject({
      code: "COMPILE_VARS_PARSE_FAILED",
      message:
        "Invalid --vars JSON (line 1, column 2: unexpected character; expected a property name in double quotes)",
    });
  });
});
