import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SkillRunOutcome } from "../../../core/services/skills.ts";
import { RecordingBuilder } from "../../helpers/recording-fixture.ts";
import * as S from "../../helpers/recording-screens.ts";
import { row } from "../../helpers/recording-screens.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-skills-new-");
let dir = "";

/** What a person did on the default scenario: Settings from the home screen, then Display. */
const openDisplay = () =>
  new RecordingBuilder("acc-flow")
    .click(S.LAUNCHER, S.settingsIcon, S.launcher)
    .window(S.SETTINGS, S.settingsPage1)
    .click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1)
    .window(S.SETTINGS, S.display);

/** A search typed in the demo app, submitted from the keyboard, and a result tapped. */
const search = () =>
  new RecordingBuilder("typed")
    .window(S.DEMO, S.demo)
    .click(S.DEMO, S.searchField, S.demo)
    .type(S.DEMO, "San Jose")
    .window(S.DEMO, S.results)
    .click(S.DEMO, { ...S.sanJose, text: "San Jose" }, S.results);

interface NewSkill {
  ok: true;
  skillId: string;
  skillDir: string;
  registry: string;
  files: string[];
  inputs: Array<{ name: string; kind: string }>;
  usage: string;
  run: string;
  warnings: string[];
}

const allText = async (root: string): Promise<string> => {
  const files = await readdir(root, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), "utf8")),
  );
  return texts.join("\n");
};

beforeAll(async () => {
  dir = await makeDir();
  await writeFile(join(dir, "acc-flow.ndjson"), openDisplay().text());
  await writeFile(join(dir, "typed.ndjson"), search().text());
});

/** Recorded on the Display screen of Settings, which was open before `record start`: no window opens the app. */
const fromDisplay = () =>
  new RecordingBuilder("mid-app").click(
    S.SETTINGS,
    { ...row(460, "Dark theme", "Will never turn on automatically"), text: "Dark theme" },
    S.display,
  );
/** Recorded on Settings' first page, open before `record start`: where the app opens anyway. */
const fromFirstPage = () =>
  new RecordingBuilder("first-page")
    .click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1)
    .window(S.SETTINGS, S.display);

describe("skills new --from-recording", () => {
  it("writes a skill folder and registry that validate, and the skill reaches the recorded screen on a fresh device", async () => {
    const out = join(dir, "gen");
    const made = await session.json<NewSkill>([
      "skills",
      "new",
      "acc.settings.open-display",
      "--from-recording",
      join(dir, "acc-flow.ndjson"),
      "--out",
      out,
    ]);
    expect(made.exitCode, JSON.stringify(made.body)).toBe(0);
    // --out elsewhere: the line to run it from here names the registry (the defaults would not find it).
    expect(made.body.run).toBe(
      `CLAWPERATOR_SKILLS_REGISTRY='${relative(session.harness.home, join(out, "skills", "skills-registry.json"))}' ` +
        "clawperator skills run acc.settings.open-display --device-id <serial>",
    );
    const base = "skills/acc.settings.open-display";
    expect(made.body).toMatchObject({
      ok: true,
      skillId: "acc.settings.open-display",
      skillDir: join(out, base),
      registry: join(out, "skills", "skills-registry.json"),
      files: [
        `${base}/SKILL.md`,
        `${base}/skill.json`,
        `${base}/scripts/run.js`,
        `${base}/artifacts/open-display.recipe.json`,
      ],
      inputs: [],
      usage: "clawperator skills run acc.settings.open-display --device-id <serial>",
      warnings: [
        'seq 0: tap on "Settings" in com.android.launcher3 before com.android.settings opened: replaced by open_app',
      ],
    });
    const skillMd = await readFile(join(out, base, "SKILL.md"), "utf8");
    expect(skillMd).toMatch(
      /^---\nname: "acc\.settings\.open-display"\ndescription: "In com\.android\.settings, from a recording: Tap \\"Display\\"; Read \\"Brightness level\\" as the result"\n/,
    );
    expect(skillMd).toContain('## Not replayed, or uncertain\n\n- seq 0: tap on "Settings"');
    expect(await allText(out)).not.toMatch(/"sleep"/);
    expect((await stat(join(out, base, "scripts/run.js"))).mode & 0o111).not.toBe(0);

    const env = { CLAWPERATOR_SKILLS_REGISTRY: made.body.registry };
    const valid = await session.json<{ valid: boolean; dryRun: { payloadValidation: string } }>(
      ["skills", "validate", "acc.settings.open-display", "--dry-run"],
      { env },
    );
    expect(valid.body).toMatchObject({ valid: true, dryRun: { payloadValidation: "passed" } });

    const fresh = await session.startDevice();
    const ran = await session.json<SkillRunOutcome>(
      ["skills", "run", "acc.settings.open-display", "--device-id", fresh.serial],
      { env },
    );
    expect(ran.exitCode, JSON.stringify(ran.body)).toBe(0);
    expect(ran.body.skillResult).toMatchObject({
      status: "success",
      result: { kind: "text", text: "Brightness level" },
      checkpoints: ["1-close", "2-open", "3-wait", "4-tap", "5-wait", "result"].map((id) => ({ id, status: "ok" })),
    });
    const screen = await session.cli(["observe", "snapshot", "--device-id", fresh.serial]);
    expect(screen.stdout).toContain("Brightness level");
  });

  it("typed text is an input: the artifact holds its placeholder, the run takes it as a flag, nothing holds the value", async () => {
    const out = join(dir, "typed-gen");
    const made = await session.json<NewSkill>([
      "skills",
      "new",
      "com.clawperator.demo.find-city",
      "--from-recording",
      join(dir, "typed.ndjson"),
      "--out",
      out,
    ]);
    expect(made.exitCode, JSON.stringify(made.body)).toBe(0);
    expect(made.body.inputs).toEqual([expect.objectContaining({ name: "search_text", kind: "typed" })]);
    expect(made.body.usage).toBe(
      "clawperator skills run com.clawperator.demo.find-city --device-id <serial> -- --search-text <value>",
    );
    const everything = await allText(out);
    expect(everything).not.toContain("San Jose");
    expect(everything).toContain("{{SEARCH_TEXT}}");
    const skillJson = JSON.parse(await readFile(join(made.body.skillDir, "skill.json"), "utf8"));
    expect(skillJson.contract).toEqual({ inputs: { search_text: "string" } });
    expect(skillJson.inputs).toEqual([{ name: "search_text", type: "string", required: true, default: "" }]);

    const env = { CLAWPERATOR_SKILLS_REGISTRY: made.body.registry };
    const fresh = await session.startDevice();
    const missing = await session.json<{ code: string; skillResult: { diagnostics: { failure: string } } }>(
      ["skills", "run", "com.clawperator.demo.find-city", "--device-id", fresh.serial],
      { env },
    );
    expect(missing.exitCode).toBe(1);
    expect(missing.body.skillResult.diagnostics.failure).toContain("SEARCH_TEXT");
    const ran = await session.json<SkillRunOutcome>(
      [
        "skills",
        "run",
        "com.clawperator.demo.find-city",
        "--device-id",
        fresh.serial,
        "--",
        "--search-text",
        "San Jose",
      ],
      { env },
    );
    expect(ran.exitCode, JSON.stringify(ran.body)).toBe(0);
    expect(ran.body.skillResult).toMatchObject({ status: "success" });
  });

  it("from the step log (.steps.json) as well as from the recording: the same steps up to the last tap", async () => {
    const parsed = await session.json<{ outputFile: string }>([
      "record",
      "parse",
      "--input",
      join(dir, "acc-flow.ndjson"),
    ]);
    const out = join(dir, "from-steps");
    const made = await session.json<NewSkill>([
      "skills",
      "new",
      "acc.settings.open-display",
      "--from-recording",
      parsed.body.outputFile,
      "--out",
      out,
    ]);
    expect(made.exitCode, JSON.stringify(made.body)).toBe(0);
    // The step log keeps no screen after the last tap, so only the steps up to it can match.
    const upToTap = async (root: string) => {
      const path = join(root, "skills/acc.settings.open-display/artifacts/open-display.recipe.json");
      const actions = JSON.parse(await readFile(path, "utf8")).actions as Array<{ id: string }>;
      return actions.slice(0, actions.findIndex((a) => a.id === "4-tap") + 1);
    };
    const fromSteps = await upToTap(out);
    expect(fromSteps.map((a) => a.id)).toEqual(["1-close", "2-open", "3-wait", "4-tap"]);
    expect(fromSteps).toEqual(await upToTap(join(dir, "gen")));
  });

  it("refuses a bad id, a missing flag, an existing skill folder, and a file that is no recording", async () => {
    const run = (args: string[]) => session.json<{ code: string; message: string }>(["skills", "new", ...args]);
    const from = ["--from-recording", join(dir, "acc-flow.ndjson")];
    for (const id of ["../escape", "a/b", "a..b", "trailing.", ""]) {
      const refused = await run([id, ...from, "--out", join(dir, "never")]);
      expect(refused.exitCode, id).toBe(1);
      expect(refused.body.code, id).toBe("USAGE");
    }
    await expect(stat(join(dir, "never"))).rejects.toThrow();
    expect((await run(["x.y"])).body.code).toBe("USAGE");
    const again = await run(["acc.settings.open-display", ...from, "--out", join(dir, "gen")]);
    expect(again.body).toMatchObject({ code: "USAGE", message: expect.stringContaining("already exists") });
    await writeFile(join(dir, "junk.json"), '{"steps": 3}');
    const junk = await run(["x.y", "--from-recording", join(dir, "junk.json"), "--out", join(dir, "junk-out")]);
    expect(junk.body.code).toBe("RECORDING_PARSE_FAILED");
  });

  it("a recording that began inside the app: the skill checks that screen after opening the app, refuses with where to start, and warns", async () => {
    await writeFile(join(dir, "mid-app.ndjson"), fromDisplay().text());
    await writeFile(join(dir, "first-page.ndjson"), fromFirstPage().text());
    const out = join(dir, "mid");
    const made = await session.json<NewSkill>([
      ...["skills", "new", "acc.settings.dark-theme", "--from-recording", join(dir, "mid-app.ndjson"), "--out", out],
    ]);
    expect(made.exitCode, JSON.stringify(made.body)).toBe(0);
    expect(made.body.warnings).toContainEqual(
      expect.stringContaining('the recording began inside com.android.settings, on a screen showing "Display"'),
    );
    const env = { CLAWPERATOR_SKILLS_REGISTRY: made.body.registry };
    const fresh = await session.startDevice();
    const ran = await session.json<{ code: string; message: string; skillResult: { checkpoints: unknown[] } }>(
      ["skills", "run", "acc.settings.dark-theme", "--device-id", fresh.serial],
      { env },
    );
    expect(ran.exitCode).toBe(1);
    expect(ran.body.code).toBe("SKILL_EXECUTION_FAILED");
    expect(ran.body.message).toContain('a screen of com.android.settings showing "Display"');
    expect(ran.body.message).toContain("record the flow again starting from the home screen");
    // Steps that ran are ok, the one it stopped at failed, the rest were not reached; the failure is said once.
    const checkpoints = ran.body.skillResult.checkpoints as { id: string; status: string }[];
    const stopped = checkpoints.findIndex((c) => c.status === "failed");
    expect(checkpoints.slice(0, 2)).toEqual([
      { id: "1-close", status: "ok" },
      { id: "2-open", status: "ok" },
    ]);
    expect(checkpoints[stopped]!.id).toMatch(/^start-screen/);
    expect(checkpoints.slice(2, stopped).every((c) => c.status === "ok")).toBe(true);
    expect(checkpoints.slice(stopped + 1).every((c) => c.status === "skipped")).toBe(true);
    const pretty = await session.cli(
      ["skills", "run", "acc.settings.dark-theme", "--device-id", fresh.serial, "--output", "pretty"],
      {
        env,
      },
    );
    expect(pretty.stdout.split("starts where its recording began").length - 1).toBe(1);

    // Began on the screen the app opens on anyway: the check passes and the flow replays.
    const first = join(dir, "first");
    const again = await session.json<NewSkill>([
      ...[
        "skills",
        "new",
        "acc.settings.display-2",
        "--from-recording",
        join(dir, "first-page.ndjson"),
        "--out",
        first,
      ],
    ]);
    const passed = await session.json<SkillRunOutcome>(
      ["skills", "run", "acc.settings.display-2", "--device-id", fresh.serial],
      {
        env: { CLAWPERATOR_SKILLS_REGISTRY: again.body.registry },
      },
    );
    expect(passed.exitCode, JSON.stringify(passed.body)).toBe(0);
    expect(passed.body.skillResult?.checkpoints).toContainEqual({ id: "start-screen", status: "ok" });
  });
});
