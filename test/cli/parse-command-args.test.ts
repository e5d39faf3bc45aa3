import type { ArgsDef } from "citty";
import { describe, expect, it } from "vitest";
import { parseCommandArgs } from "../../cli/parse-command-args.ts";
import { caught } from "../helpers/caught.ts";

const EXECUTE_ARGS = {
  file: { type: "positional", required: false, description: "file" },
  execution: { type: "string", description: "json|path|-" },
  "validate-only": { type: "boolean", description: "validate" },
} satisfies ArgsDef;

describe("parseCommandArgs", () => {
  it("parses the command's flags, camel-cased as well", () => {
    const parsed = parseCommandArgs("execute", EXECUTE_ARGS, ["--validate-only", "--execution", "{}"]);
    expect(parsed).toMatchObject({ execution: "{}", validateOnly: true, "validate-only": true, _: [] });
  });

  it("takes the positional", () => {
    expect(parseCommandArgs("execute", EXECUTE_ARGS, ["flow.json"])).toMatchObject({
      file: "flow.json",
      _: ["flow.json"],
    });
  });

  it("accepts - (stdin) as a flag's value", () => {
    expect(parseCommandArgs("execute", EXECUTE_ARGS, ["--execution", "-"]).execution).toBe("-");
  });

  it("accepts a negative number as a value", () => {
    const args = { offset: { type: "string", description: "offset" } } satisfies ArgsDef;
    expect(parseCommandArgs("scroll", args, ["--offset", "-5"]).offset).toBe("-5");
  });

  it("refuses an unknown flag, suggesting the nearest of the command's own", async () => {
    const error = await caught(() => parseCommandArgs("execute", EXECUTE_ARGS, ["--exection", "{}"]));
    expect(error.code).toBe("USAGE");
    expect(error.message).toBe('unknown option "--exection" for "execute"; did you mean "--execution"?');
    expect(error.details).toEqual({ option: "--exection", suggestion: "--execution" });
  });

  it("refuses an unknown flag without a suggestion when nothing is close", async () => {
    const error = await caught(() => parseCommandArgs("execute", EXECUTE_ARGS, ["--zzzzzzzz"]));
    expect(error.details).toEqual({ option: "--zzzzzzzz" });
  });

  it("refuses surplus positionals", async () => {
    const error = await caught(() => parseCommandArgs("execute", EXECUTE_ARGS, ["a.json", "b.json"]));
    expect(error.code).toBe("USAGE");
    expect(error.details).toEqual({ argument: "b.json" });
  });

  it("refuses a required flag without its value", async () => {
    const args = { uri: { type: "string", required: true, description: "uri" } } satisfies ArgsDef;
    const error = await caught(() => parseCommandArgs("action open-uri", args, []));
    expect(error.code).toBe("USAGE");
    expect(error.message).toContain("uri");
  });

  it("a passthrough command keeps unknown flags, surplus arguments and everything after -- in order", () => {
    const args = {
      skill: { type: "positional", required: false, description: "id" },
      "expect-contains": { type: "string", description: "text" },
      quick: { type: "boolean", description: "q" },
    } satisfies ArgsDef;
    const parsed = parseCommandArgs(
      "skills run",
      args,
      ["s1", "--limit", "40", "--expect-contains", "ok", "extra", "--quick", "--", "--expect-contains", "x"],
      { passthrough: true },
    );
    expect(parsed).toMatchObject({
      skill: "s1",
      "expect-contains": "ok",
      quick: true,
      _: ["--limit", "40", "extra", "--expect-contains", "x"],
    });
    expect(parseCommandArgs("skills run", args, [], { passthrough: true })).toMatchObject({ _: [] });
  });
});
