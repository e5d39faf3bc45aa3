import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cliSandbox, json, STACK_FRAME, type CliResult } from "../../helpers/run-cli.ts";
import { writeFiles } from "../../helpers/temp-dirs.ts";
import { canonicalTapExecution, tapExecution } from "./executions.ts";
import type { ErrorOutput, ValidatedOutput } from "../../helpers/cli-output.ts";

const cli = cliSandbox();
const inline = (execution: unknown = tapExecution()) => [
  "execute",
  "--validate-only",
  "--execution",
  JSON.stringify(execution),
];

/** Every failure: exit 1, exactly one JSON error document on stdout, no stack trace anywhere. */
function expectError(result: CliResult, code: string): ErrorOutput {
  expect(result.exitCode).toBe(1);
  expect(result.stdout).not.toMatch(STACK_FRAME);
  expect(result.stderr).not.toMatch(STACK_FRAME);
  const error = json<ErrorOutput>(result);
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe("string");
  return error;
}

describe("execute --validate-only", () => {
  beforeAll(async () => {
    await writeFiles(cli.project, {
      "flows/tap.json": JSON.stringify(tapExecution({ commandId: "from-file" }), null, 2),
    });
  });

  it("prints the normalized canonical execution for inline JSON and exits 0", async () => {
    const result = await cli.run(inline());
    expect(result.exitCode).toBe(0);
    const output = json<ValidatedOutput>(result);
    expect(output).toEqual({
      ok: true,
      validated: true,
      payloadBytes: expect.any(Number),
      apkClamps: [],
      execution: canonicalTapExecution(),
    });
    expect(output.payloadBytes).toBe(Buffer.byteLength(JSON.stringify(output.execution)));
  });

  it("reads a file path given to --execution, relative to the working directory", async () => {
    const result = await cli.run(["execute", "--validate-only", "--execution", "flows/tap.json"]);
    expect(result.exitCode).toBe(0);
    expect(json<ValidatedOutput>(result).execution).toEqual(canonicalTapExecution({ commandId: "from-file" }));
  });

  it("reads a file given as the positional argument, also through the exec alias", async () => {
    const positional = await cli.run(["execute", "flows/tap.json", "--validate-only"]);
    expect(positional.exitCode).toBe(0);
    expect(json<ValidatedOutput>(positional).execution.commandId).toBe("from-file");
    const alias = await cli.run(["exec", join(cli.project, "flows/tap.json"), "--validate-only"], { cwd: "/" });
    expect(alias.exitCode).toBe(0);
    expect(json<ValidatedOutput>(alias).execution).toEqual(canonicalTapExecution({ commandId: "from-file" }));
  });

  it("reads stdin for --execution -", async () => {
    const result = await cli.run(["execute", "--validate-only", "--execution", "-"], {
      input: JSON.stringify(tapExecution({ commandId: "from-stdin" })),
    });
    expect(result.exitCode).toBe(0);
    expect(json<ValidatedOutput>(result).execution).toEqual(canonicalTapExecution({ commandId: "from-stdin" }));
  });

  it("resolves long_press to click with clickType long_click", async () => {
    const execution = tapExecution({
      actions: [{ id: "hold", type: "long_press", params: { matcher: { textEquals: "Wi-Fi" } } }],
    });
    const result = await cli.run(inline(execution));
    expect(result.exitCode).toBe(0);
    expect(json<ValidatedOutput>(result).execution.actions).toEqual([
      { id: "hold", type: "click", params: { matcher: { textEquals: "Wi-Fi" }, clickType: "long_click" } },
    ]);
  });

  it("--output pretty prints a readable summary instead of JSON", async () => {
    const result = await cli.run([...inline(), "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    expect(() => JSON.parse(result.stdout)).toThrow();
    expect(result.stdout).toMatch(
      /^valid execution cmd-e2e-1 \(\d+ bytes\)\n {2}1\. open: open_app\n {2}2\. tap-ok: click$/,
    );
  });
});

describe("execute validation failures", () => {
  it("a missing matcher is EXECUTION_VALIDATION_FAILED with details.path", async () => {
    const execution = tapExecution({ actions: [{ id: "tap", type: "click", params: {} }] });
    const error = expectError(await cli.run(inline(execution)), "EXECUTION_VALIDATION_FAILED");
    expect(error.details!.path).toBe("actions.0.params.matcher");
  });

  it("a missing top-level field names its path", async () => {
    const { commandId: _omitted, ...execution } = tapExecution();
    const error = expectError(await cli.run(inline(execution)), "EXECUTION_VALIDATION_FAILED");
    expect(error.details!.path).toBe("commandId");
  });

  it("an unknown action type is EXECUTION_ACTION_UNSUPPORTED naming the action", async () => {
    const execution = tapExecution({ actions: [{ id: "s", type: "swipe" }] });
    const error = expectError(await cli.run(inline(execution)), "EXECUTION_ACTION_UNSUPPORTED");
    expect(error.details).toMatchObject({ path: "actions.0.type", type: "swipe" });
  });

  it("a payload over 64,000 bytes is PAYLOAD_TOO_LARGE", async () => {
    const big = tapExecution({
      actions: [
        { id: "t", type: "enter_text", params: { matcher: { resourceId: "a:id/b" }, text: "x".repeat(70_000) } },
      ],
    });
    await writeFiles(cli.project, { "big.json": JSON.stringify(big) });
    const error = expectError(
      await cli.run(["execute", "--validate-only", "--execution", "big.json"]),
      "PAYLOAD_TOO_LARGE",
    );
    expect(error.details).toMatchObject({ limit: 64_000 });
    expect(error.details!.bytes).toBeGreaterThan(64_000);
  });

  it("malformed JSON and a missing file are EXECUTION_VALIDATION_FAILED", async () => {
    await writeFiles(cli.project, { "broken.json": "{ not json" });
    expect(
      expectError(
        await cli.run(["execute", "--validate-only", "--execution", "broken.json"]),
        "EXECUTION_VALIDATION_FAILED",
      ).message,
    ).toContain("is not valid JSON");
    expect(
      expectError(
        await cli.run(["execute", "--validate-only", "--execution", "nope.json"]),
        "EXECUTION_VALIDATION_FAILED",
      ).message,
    ).toContain("no such file");
  });

  it("a payload file that is not UTF-8 is refused, from a file and from stdin", async () => {
    const text = JSON.stringify(tapExecution({ commandId: "latin1-\u00e9" }));
    const latin1 = Buffer.from(text, "latin1");
    await writeFile(join(cli.project, "latin1.json"), latin1);
    const fromFile = expectError(
      await cli.run(["execute", "--validate-only", "--execution", "latin1.json"]),
      "EXECUTION_VALIDATION_FAILED",
    );
    expect(fromFile.message).toBe(`${join(cli.project, "latin1.json")} is not valid UTF-8`);
    const fromStdin = expectError(
      await cli.run(["execute", "--validate-only", "--execution", "-"], { input: latin1 }),
      "EXECUTION_VALIDATION_FAILED",
    );
    expect(fromStdin.message).toBe("stdin is not valid UTF-8");
  });

  it("nesting deeper than 64 levels is EXECUTION_VALIDATION_FAILED, also 6,000 levels deep (no stack overflow)", async () => {
    for (const levels of [65, 6_000]) {
      const nested = `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
      const payload = JSON.stringify(tapExecution()).replace(
        '"params":{"applicationId"',
        `"params":{"x":${nested},"applicationId"`,
      );
      await writeFile(join(cli.project, "deep.json"), payload);
      const error = expectError(
        await cli.run(["execute", "--validate-only", "--execution", "deep.json"]),
        "EXECUTION_VALIDATION_FAILED",
      );
      expect(error.message).toBe("actions.0.params.x.a.a... nests deeper than 64 levels");
      expect(error.details).toMatchObject({ path: "actions.0.params.x.a.a", maxDepth: 64 });
    }
    const shallow = JSON.stringify(tapExecution()).replace(
      '"params":{"applicationId"',
      `"params":{"x":${"[".repeat(50)}${"]".repeat(50)},"applicationId"`,
    );
    expectError(await cli.run(["execute", "--validate-only", "--execution", shallow]), "EXECUTION_VALIDATION_FAILED");
  });

  it("execute without an execution is USAGE", async () => {
    expectError(await cli.run(["execute", "--validate-only"]), "USAGE");
  });

  it("a surplus positional is USAGE", async () => {
    expectError(await cli.run(["execute", "a.json", "b.json", "--validate-only"]), "USAGE");
  });
});
