import { truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ErrorOutput, ValidatedOutput } from "../../helpers/cli-output.ts";
import { cliSandbox, json, spawnCli } from "../../helpers/run-cli.ts";
import { tapExecution } from "./executions.ts";

// An execution's file or stdin is read no further than the input limit (the payload limit plus a
// margin), and a parse error names the source and the position, never the text.

const cli = cliSandbox();
const INPUT_LIMIT = 262_144;

describe("execute reads a bounded input", () => {
  it("--execution /dev/zero is PAYLOAD_TOO_LARGE at once, not an endless read", async () => {
    const result = await spawnCli(["execute", "--execution", "/dev/zero", "--validate-only"], {
      cwd: cli.project,
      env: { HOME: cli.project },
      timeoutMs: 30_000,
    });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(String(result.stdout))).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      details: { limit: 64_000, inputLimit: INPUT_LIMIT },
    });
  });

  it("a 300 MB file is refused from its size", async () => {
    const file = join(cli.project, "huge.json");
    await writeFile(file, "");
    await truncate(file, 300_000_000);
    const error = json<ErrorOutput>(await cli.run(["execute", "--execution", file, "--validate-only"]));
    expect(error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      details: { bytes: 300_000_000, inputLimit: INPUT_LIMIT },
    });
    expect(error.message).toContain(file);
  });

  it("stdin past the limit is refused, even when what it holds would compact to a valid execution", async () => {
    const padded = `${" ".repeat(INPUT_LIMIT)}${JSON.stringify(tapExecution())}`;
    const result = await cli.run(["execute", "--execution", "-", "--validate-only"], { input: padded });
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: expect.stringContaining("stdin") });
  });

  it("the margin: a pretty-printed file over 64,000 bytes whose execution is under it is accepted", async () => {
    const execution = tapExecution({
      actions: Array.from({ length: 40 }, (_, i) => ({
        id: `t${i}`,
        type: "enter_text",
        params: { matcher: { resourceId: `a:id/field${i}` }, text: "é".repeat(300) },
      })),
    });
    const file = join(cli.project, "pretty.json");
    // Every é written as \u00e9: six bytes in the file, two once compacted.
    await writeFile(file, JSON.stringify(execution, null, 8).replaceAll("é", "\\u00e9"));
    const result = await cli.run(["execute", "--execution", file, "--validate-only"]);
    expect(result.exitCode).toBe(0);
    expect(json<ValidatedOutput>(result).payloadBytes).toBeLessThan(64_000);
  });
});

describe("a parse error names the file and the position, never its text", () => {
  it("a shadow-like file", async () => {
    const file = join(cli.project, "shadowish");
    await writeFile(file, "root:$6$secret-hash-value:19000:0:99999:7:::\n");
    const result = await cli.run(["execute", "--execution", file, "--validate-only"]);
    expect(`${result.stdout}${result.stderr}`).not.toContain("secret");
    expect(`${result.stdout}${result.stderr}`).not.toContain("root");
    expect(json(result)).toMatchObject({
      code: "EXECUTION_VALIDATION_FAILED",
      message: `${file} is not valid JSON (line 1, column 1: unexpected character; expected a value)`,
    });
  });

  it("text broken further in, from stdin", async () => {
    const result = await cli.run(["execute", "--execution", "-", "--validate-only"], {
      input: '{\n  "commandId": "c",\n  "password": hunter2\n}',
    });
    expect(result.stdout).not.toContain("hunter2");
    expect(json<ErrorOutput>(result).message).toBe(
      "stdin is not valid JSON (line 3, column 15: unexpected character; expected a value)",
    );
  });
});
