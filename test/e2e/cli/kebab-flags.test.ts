import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliSandbox, json } from "../../helpers/run-cli.ts";

const cli = cliSandbox();
const CAMEL_FLAG = /--[a-z]+[A-Z][A-Za-z]*/;

describe("flags: kebab-case in --help, camelCase accepted", () => {
  it.each([
    [
      ["emulator", "create"],
      ["--api-level", "--device-profile", "--play-store"],
    ],
    [
      ["provision", "emulator"],
      ["--registration-timeout-ms", "--boot-timeout-ms"],
    ],
    [
      ["virtual", "android-home", "--all"],
      ["--boot-delay-ms", "--fail-image-install"],
    ],
  ])("%j --help shows %j and no camelCase flag", async (command, flags) => {
    const help = await cli.run([...command, "--help"]);
    expect(help.exitCode).toBe(0);
    for (const flag of flags) expect(help.stdout).toContain(flag);
    expect(help.stdout).not.toMatch(CAMEL_FLAG);
  });

  it("a flag spelt camelCase does what its kebab-case spelling does", async () => {
    const write = async (dir: string, flags: string[]) => {
      const result = await cli.run(["virtual", "android-home", "--out", join(cli.project, dir), ...flags]);
      expect(result.exitCode, result.stdout).toBe(0);
      return json<{ config: Record<string, unknown> }>(result).config;
    };
    const kebab = await write("kebab", ["--boot-delay-ms", "250", "--fail-image-install", "--no-register"]);
    const camel = await write("camel", ["--bootDelayMs", "250", "--failImageInstall", "--no-register"]);
    expect(kebab).toMatchObject({ bootDelayMs: 250, failImageInstall: true, register: false });
    expect(camel).toEqual(kebab);
  });

  it("citty's messages reach the JSON error without terminal colour codes", async () => {
    const result = await cli.run(["action", "click", "--text", "OK", "--click-type", "twice"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE", message: expect.stringContaining("--click-type") });
    expect(result.stdout).not.toContain("\\u001b");
  });
});
