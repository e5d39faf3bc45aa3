import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorReport } from "../../../core/doctor/report.ts";
import { STACK_FRAME } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

/**
 * A configured plugin that fails to load or to set up never takes the CLI down: it is left out with one warning,
 * doctor reports it as a failing `plugins.<name>` check, and only the commands it would have added fail, with its
 * error.
 */
const session = virtualSession();
const makeDir = tempDirs();

/** A plugin that registers its command, then fails in setup. */
const BROKEN_SETUP = `export default {
  name: "broken",
  setup(ctx) {
    ctx.commands.add({ path: ["broken"], description: "never reachable", load: async () => ({ default: { run: () => 1 } }) });
    throw new Error("the lab's API key is missing");
  },
};
`;

const configIn = async (plugins: unknown[], files: Record<string, string> = {}) => {
  const dir = await makeDir({ "clawperator.config.json": JSON.stringify({ plugins }), ...files });
  return join(dir, "clawperator.config.json");
};

describe("a configured plugin that is not installed", () => {
  it("--help, --version, other commands and doctor still run; one warning; doctor fails plugins.<name>", async () => {
    const device = await session.startDevice();
    const config = await configIn(["clawperator-plugin-does-not-exist"]);
    const withConfig = (...args: string[]) => session.cli([...args, "--config", config]);

    const help = await withConfig("--help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^\s+doctor\s/m);
    const warnings = help.stderr.split("\n").filter((line) => line.startsWith("[warn]"));
    expect(warnings).toEqual([
      expect.stringContaining("[plugin:clawperator-plugin-does-not-exist] could not be loaded"),
    ]);
    expect(warnings[0]).toContain(`install it in ${join(config, "..")}`);

    expect((await session.cli(["--version", "--config", config])).exitCode).toBe(0);
    const snapshot = await session.json(["observe", "snapshot", "--device-id", device.serial, "--config", config]);
    expect(snapshot.exitCode).toBe(0);

    const doctor = await session.json<DoctorReport>(["doctor", "--device-id", device.serial, "--config", config]);
    expect(doctor.stderr).not.toMatch(STACK_FRAME);
    const check = doctor.body.checks.find((c) => c.id === "plugins.clawperator-plugin-does-not-exist");
    expect(check).toMatchObject({
      status: "fail",
      code: "PLUGIN_INVALID",
      summary: expect.stringContaining("did not load"),
      fix: { steps: [{ kind: "manual", value: expect.stringContaining("install it in") }] },
    });
    // The device is still ready: the plugin's failure shows without failing the report.
    expect(doctor.body.checks.find((c) => c.id === "readiness.handshake")?.status).toBe("pass");
  });
});

describe("a configured plugin whose setup throws", () => {
  it("its command fails with its error (not 'unknown command'); what it registered before failing is gone", async () => {
    const config = await configIn(["./broken.mjs"], { "broken.mjs": BROKEN_SETUP });
    const run = await session.json(["broken", "--config", config]);
    expect(run.exitCode).toBe(1);
    expect(run.body).toMatchObject({
      code: "PLUGIN_INVALID",
      message:
        'plugin broken failed to load: setup failed: the lab\'s API key is missing; its commands are unavailable (asked for "broken")',
      details: { plugin: "broken", command: "broken" },
    });
    expect(run.stderr).not.toMatch(STACK_FRAME);

    const help = await session.cli(["--help", "--config", config]);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).not.toMatch(/^\s+broken\s/m);

    // A near miss of a built-in command stays a usage error, naming the failed plugin.
    const typo = await session.json(["doctr", "--config", config]);
    expect(typo.body).toMatchObject({ code: "USAGE", details: { suggestion: "doctor", failedPlugins: ["broken"] } });
  });
});
