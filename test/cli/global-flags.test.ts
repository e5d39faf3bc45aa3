import { describe, expect, it } from "vitest";
import { extractGlobals } from "../../cli/global-flags.ts";
import { caught } from "../helpers/caught.ts";

const extract = (argv: string[], env: NodeJS.ProcessEnv = {}) => extractGlobals(argv, env);

describe("extractGlobals", () => {
  it("pulls global flags out wherever they stand and leaves the rest in order", () => {
    const result = extract([
      "--device-id",
      "emulator-5554",
      "execute",
      "--execution",
      "x.json",
      "--timeout-ms",
      "9000",
      "--verbose",
    ]);
    expect(result).toEqual({
      options: { output: "json", verbose: true, deviceId: "emulator-5554", timeoutMs: 9_000 },
      deviceFlag: "emulator-5554",
      outputChosen: false,
      help: false,
      version: false,
      rest: ["execute", "--execution", "x.json"],
    });
  });

  it.each([
    [["--device", "R58M"], { deviceId: "R58M" }],
    [["--device-id=R58M"], { deviceId: "R58M" }],
    [["--operator-package", "com.clawperator.operator.dev"], { receiverPackage: "com.clawperator.operator.dev" }],
    [["--receiver-package=com.clawperator.operator.dev"], { receiverPackage: "com.clawperator.operator.dev" }],
    [["--format", "pretty"], { output: "pretty" }],
    [["--output=pretty", "--json"], { output: "json" }],
    [["--timeout", "12000"], { timeoutMs: 12_000 }],
    [["--config", "ci/clawperator.config.ts"], { configPath: "ci/clawperator.config.ts" }],
  ])("%j sets %j", (argv, expected) => {
    const result = extract(["doctor", ...argv]);
    expect(result.options).toMatchObject(expected);
    expect(result.rest).toEqual(["doctor"]);
  });

  it("falls back to the environment for the device and the operator package; flags win", () => {
    const env = { CLAWPERATOR_DEVICE_ID: "env-device", CLAWPERATOR_OPERATOR_PACKAGE: "com.clawperator.operator.dev" };
    expect(extract([], env).options).toMatchObject({
      deviceId: "env-device",
      receiverPackage: "com.clawperator.operator.dev",
    });
    expect(extract(["--device", "flag-device"], env).options.deviceId).toBe("flag-device");
  });

  it("reports --help, -h and --version without consuming command words", () => {
    expect(extract(["observe", "-h"])).toMatchObject({ help: true, version: false, rest: ["observe"] });
    expect(extract(["--version"])).toMatchObject({ version: true, rest: [] });
    expect(extract(["operator", "download", "--version", "0.5.3"])).toMatchObject({
      version: false,
      rest: ["operator", "download", "--version", "0.5.3"],
    });
  });

  it("leaves everything after -- to the command", () => {
    expect(extract(["skills", "run", "x", "--", "--device", "y"]).rest).toEqual([
      "skills",
      "run",
      "x",
      "--",
      "--device",
      "y",
    ]);
  });

  it.each([
    [["--device-id"], "--device-id needs a value"],
    [["--device-id", "--verbose"], "--device-id needs a value"],
    [["--output", "yaml"], 'got "yaml"'],
    [["--timeout-ms", "5s"], 'got "5s"'],
    [["--timeout-ms", "1.5"], 'got "1.5"'],
  ])("%j is USAGE", async (argv, message) => {
    const error = await caught(() => extract(argv));
    expect(error.code).toBe("USAGE");
    expect(error.message).toContain(message);
  });

  it.each([
    [["--device-id", "$(id)"], "--device-id"],
    [["--device", "a b"], "--device-id"],
    [["--device-id=-s"], "--device-id"],
    [["--device-id="], "--device-id"],
    [["--device", "x;reboot"], "--device-id"],
  ])("%j is INVALID_DEVICE_ID naming the flag", async (argv, source) => {
    const error = await caught(() => extract(argv));
    expect(error.code).toBe("INVALID_DEVICE_ID");
    expect(error.message).toContain(source);
  });

  it("checks CLAWPERATOR_DEVICE_ID as it checks the flag, and a flag spares a bad variable", async () => {
    const env = { CLAWPERATOR_DEVICE_ID: "`reboot`" };
    const error = await caught(() => extract([], env));
    expect(error.code).toBe("INVALID_DEVICE_ID");
    expect(error.message).toContain("CLAWPERATOR_DEVICE_ID");
    expect(extract(["--device-id", "[::1]:5555"], env).options.deviceId).toBe("[::1]:5555");
  });
});
