import { beforeAll } from "vitest";
import { cliSandbox } from "./run-cli.ts";
import { writeSkillsRepo } from "./skills-fixture.ts";
import { tempDirs } from "./temp-dirs.ts";

/**
 * The built CLI in a sandbox over the fixture skills repository (written in beforeAll): `skills(args)` runs
 * `clawperator skills …` with that repository's registry, or with `options.env` instead. Call at the top level of a
 * test file.
 */
export function fixtureSkillsCli() {
  const cli = cliSandbox();
  const makeDir = tempDirs("clawperator-skills-");
  const state = { repo: "", env: {} as Record<string, string> };
  beforeAll(async () => {
    state.repo = await makeDir();
    const { registry } = await writeSkillsRepo(state.repo);
    state.env = { CLAWPERATOR_SKILLS_REGISTRY: registry };
  });
  return {
    cli,
    makeDir,
    get repo() {
      return state.repo;
    },
    get env() {
      return state.env;
    },
    skills: (args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) =>
      cli.run(["skills", ...args], { env: options.env ?? state.env, ...(options.cwd ? { cwd: options.cwd } : {}) }),
  };
}
