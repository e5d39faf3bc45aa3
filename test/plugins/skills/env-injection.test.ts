import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Skills } from "../../../core/services/skills.ts";
import skillsPlugin from "../../../plugins/skills/index.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-env-");

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("env injection (docs/openclaw-skills.md#environment-injection)", () => {
  it("entries.env and apiKey (as primaryEnv) reach the run's child only; this process's environment is unchanged", async () => {
    const cwd = await makeDir({
      "skills/keyed/SKILL.md":
        '---\nname: keyed\ndescription: d\nmetadata: {"openclaw":{"requires":{"env":["KEYED_TOKEN"]},"primaryEnv":"KEYED_TOKEN"}}\n---\n',
      "skills/keyed/scripts/run.js":
        "console.log(JSON.stringify({ token: process.env.KEYED_TOKEN, extra: process.env.KEYED_EXTRA, kept: process.env.KEYED_KEPT }));\n",
    });
    vi.stubEnv("CLAWPERATOR_HOME", join(cwd, ".clawperator"));
    vi.stubEnv("HOME", cwd);
    vi.stubEnv("CLAWPERATOR_SKILLS_REGISTRY", undefined);
    vi.stubEnv("KEYED_KEPT", "from the environment");
    const before = { ...process.env };
    const saved = process.cwd();
    process.chdir(cwd);
    try {
      const kernel = await boot([skillsPlugin], {
        skills: {
          entries: {
            keyed: { apiKey: "the-key", env: { KEYED_EXTRA: "extra", KEYED_KEPT: "not this one", LD_PRELOAD: "x" } },
          },
        },
      });
      const outcome = await kernel.services.resolve(Skills).run({ skillId: "keyed" });
      expect(JSON.parse(outcome.output)).toEqual({ token: "the-key", extra: "extra", kept: "from the environment" });
      expect(process.env).toEqual(before);
      expect(process.env.KEYED_TOKEN).toBeUndefined();
    } finally {
      process.chdir(saved);
    }
  });
});
