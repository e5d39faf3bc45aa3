import { lstat, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cliSandbox, json, STACK_FRAME } from "../../helpers/run-cli.ts";
import { RecordingBuilder } from "../../helpers/recording-fixture.ts";
import * as S from "../../helpers/recording-screens.ts";

const cli = cliSandbox();
let dir = "";

const recording = () =>
  new RecordingBuilder("acc-flow")
    .click(S.LAUNCHER, S.settingsIcon, S.launcher)
    .window(S.SETTINGS, S.settingsPage1)
    .scroll(S.SETTINGS, 300)
    .click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1)
    .window(S.SETTINGS, S.display)
    .text();

beforeAll(async () => {
  dir = cli.project;
  await writeFile(join(dir, "acc-flow.ndjson"), recording());
});

describe("record parse through the CLI", () => {
  it("writes <name>.steps.json beside the input (2-space JSON, no trailing newline, private) and prints its summary", async () => {
    const result = await cli.run(["record", "parse", "--input", "acc-flow.ndjson"]);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(json(result)).toEqual({
      ok: true,
      outputFile: "acc-flow.steps.json",
      stepCount: 3,
      warnings: ["seq 2: scroll event dropped (not extracted in v1)"],
    });
    const text = await readFile(join(dir, "acc-flow.steps.json"), "utf8");
    expect(text.endsWith("}")).toBe(true);
    const log = JSON.parse(text);
    expect(text).toBe(JSON.stringify(log, null, 2));
    expect(log.steps.map((s: { type: string }) => s.type)).toEqual(["click", "open_app", "click"]);
    expect((await stat(join(dir, "acc-flow.steps.json"))).mode & 0o777).toBe(0o600);
    expect(result.stderr.split("\n").filter(Boolean)).toEqual([
      '[0] click      text="Settings" contentDesc="Settings"',
      "[1] open_app   com.android.settings",
      '[3] click      text="Display"',
    ]);
  });

  it("`recording` is the same command; --out chooses the file; a name without .ndjson gets .steps.json added", async () => {
    await writeFile(join(dir, "session.log"), recording());
    const appended = json<{ outputFile: string }>(await cli.run(["recording", "parse", "--input", "session.log"]));
    expect(appended.outputFile).toBe("session.log.steps.json");
    const out = join(dir, "nested", "out.json");
    const chosen = json<{ outputFile: string }>(
      await cli.run(["record", "parse", "--input", "session.log", "--out", out]),
    );
    expect(chosen.outputFile).toBe(out);
    expect(JSON.parse(await readFile(out, "utf8")).sessionId).toBe("acc-flow");
  });

  it("replaces a symlink planted at the output path instead of writing through it", async () => {
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "untouched");
    await writeFile(join(dir, "planted.ndjson"), recording());
    await symlink(victim, join(dir, "planted.steps.json"));
    expect((await cli.run(["record", "parse", "--input", "planted.ndjson"])).exitCode).toBe(0);
    expect(await readFile(victim, "utf8")).toBe("untouched");
    expect((await lstat(join(dir, "planted.steps.json"))).isSymbolicLink()).toBe(false);
  });

  it("without --input: USAGE with the reference's words", async () => {
    const result = await cli.run(["record", "parse"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({
      code: "USAGE",
      message: "recording parse --input <file> [--out <file>] ('record' is an alias)",
    });
  });

  it.each([
    ["not json\n", "RECORDING_PARSE_FAILED", "Missing or invalid recording header"],
    ["", "RECORDING_PARSE_FAILED", "Empty recording file"],
    [
      '{"type":"recording_header","schemaVersion":2,"sessionId":"s","startedAt":1,"operatorPackage":"p"}\n',
      "RECORDING_SCHEMA_VERSION_UNSUPPORTED",
      "Unsupported recording schema version: 2",
    ],
  ])("a bad file (%j) fails with its code, exit 1, no stack, no output file", async (text, code, message) => {
    await writeFile(join(dir, "bad.ndjson"), text);
    const result = await cli.run(["record", "parse", "--input", "bad.ndjson"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code, message });
    expect(result.stdout + result.stderr).not.toMatch(STACK_FRAME);
    await expect(stat(join(dir, "bad.steps.json"))).rejects.toThrow();
  });

  it("a missing file or a directory is RECORDING_PARSE_FAILED naming it", async () => {
    for (const input of ["missing.ndjson", "."]) {
      const result = await cli.run(["record", "parse", "--input", input]);
      expect(result.exitCode).toBe(1);
      expect(json<{ code: string; message: string }>(result)).toMatchObject({
        code: "RECORDING_PARSE_FAILED",
        message: expect.stringContaining(`Cannot read recording file ${input}`),
      });
    }
  });
});
