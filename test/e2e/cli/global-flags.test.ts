import { describe, expect, it } from "vitest";
import { cliSandbox, json } from "../../helpers/run-cli.ts";
import { canonicalTapExecution, tapExecution } from "./executions.ts";
import type { ErrorOutput, ValidatedOutput } from "../../helpers/cli-output.ts";

const cli = cliSandbox();
const execution = JSON.stringify(tapExecution());
const command = ["execute", "--validate-only", "--execution", execution];

/** Runs the command with `flags` before the subcommand, then after it. */
async function bothPlacements(flags: string[]) {
  return Promise.all([cli.run([...flags, ...command]), cli.run([...command, ...flags])]);
}

describe("global flags, before and after the subcommand", () => {
  it.each([
    [["--device-id", "emulator-5554"]],
    [["--device", "R58M123ABC"]],
    [["--device-id=emulator-5554"]],
    [["--receiver-package", "com.clawperator.operator.dev"]],
    [["--operator-package", "com.clawperator.operator.dev"]],
    [["--verbose"]],
    [["--json"]],
    [["--output", "json"]],
    [["--format", "json"]],
  ])("%j is accepted and leaves the validated execution unchanged", async (flags) => {
    for (const result of await bothPlacements(flags)) {
      expect(result.exitCode, result.stdout).toBe(0);
      expect(json<ValidatedOutput>(result).execution).toEqual(canonicalTapExecution());
    }
  });

  it.each([[["--output", "pretty"]], [["--format", "pretty"]], [["--output=pretty"]]])(
    "%j switches to readable text",
    async (flags) => {
      for (const result of await bothPlacements(flags)) {
        expect(result.exitCode).toBe(0);
        expect(result.stdout).toMatch(/^valid execution cmd-e2e-1 /);
      }
    },
  );

  it("the last output flag wins: --output pretty --json prints JSON", async () => {
    const result = await cli.run([...command, "--output", "pretty", "--json"]);
    expect(result.exitCode).toBe(0);
    expect(json<ValidatedOutput>(result).validated).toBe(true);
  });

  it.each([[["--device-id", "$(reboot)"]], [["--device", "-s"]], [["--device-id=a b"]]])(
    "%j is INVALID_DEVICE_ID, before and after the subcommand",
    async (flags) => {
      for (const result of await bothPlacements(flags)) {
        expect(result.exitCode).toBe(1);
        expect(json(result)).toMatchObject({ code: "INVALID_DEVICE_ID" });
        expect(json<ErrorOutput>(result).message).toContain("--device-id");
      }
    },
  );

  it("an unknown output format is USAGE", async () => {
    const result = await cli.run([...command, "--output", "yaml"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE" });
    expect(json<ErrorOutput>(result).message).toContain("yaml");
  });
});

describe("--timeout-ms / --timeout", () => {
  it.each([
    [["--timeout-ms", "9000"], 9_000],
    [["--timeout", "12000"], 12_000],
    [["--timeout-ms=120000"], 120_000],
  ])("%j overrides timeoutMs in the validated execution", async (flags, expected) => {
    for (const result of await bothPlacements(flags)) {
      expect(result.exitCode).toBe(0);
      expect(json<ValidatedOutput>(result).execution).toEqual(canonicalTapExecution({ timeoutMs: expected }));
    }
  });

  it.each([["500"], ["120001"]])("an out-of-range value (%s) is rejected with the timeoutMs path", async (value) => {
    const result = await cli.run(["--timeout-ms", value, ...command]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "EXECUTION_VALIDATION_FAILED", details: { path: "timeoutMs" } });
  });

  it("a value that is not a whole number is USAGE", async () => {
    const result = await cli.run([...command, "--timeout", "5s"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE" });
  });
});
