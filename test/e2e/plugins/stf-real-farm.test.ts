import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliSandbox, json } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

/**
 * The plugin against a real STF farm (docs/device-farm.md, "Against a real farm"): runs only when
 * CLAWPERATOR_STF_URL and CLAWPERATOR_STF_TOKEN name one, from a fresh HOME whose new adb key doctor --fix registers.
 * It needs any one free device on the farm and nothing installed on it (`device info` is plain adb).
 */
const url = process.env.CLAWPERATOR_STF_URL;
const token = process.env.CLAWPERATOR_STF_TOKEN;
const cli = cliSandbox();
const makeDir = tempDirs("clawperator-stf-real-");

interface Check {
  id: string;
  status: string;
}

async function farmConfig(): Promise<string> {
  const config = join(await makeDir(), "clawperator.config.json");
  await writeFile(config, JSON.stringify({ stf: { url } }));
  return config;
}

/** The devices the token's user holds now (STF's GET /user/devices). */
async function held(): Promise<string[]> {
  const answer = await fetch(new URL("/api/v1/user/devices", url), { headers: { authorization: `Bearer ${token}` } });
  const body = (await answer.json()) as { devices?: { serial: string }[] };
  return (body.devices ?? []).map((d) => d.serial);
}

describe.skipIf(!url || !token)(
  `a real STF farm${url && token ? "" : " (skipped: set CLAWPERATOR_STF_URL and CLAWPERATOR_STF_TOKEN)"}`,
  () => {
    const env = { CLAWPERATOR_STF_TOKEN: token ?? "" };

    it("doctor --fix registers this host's adb key; then the farm's three checks pass", async () => {
      const config = await farmConfig();
      await cli.run(["doctor", "--fix", "--check-only", "--config", config, "--json"], { env });
      const report = json<{ checks: Check[] }>(
        await cli.run(["doctor", "--check-only", "--config", config, "--json"], { env }),
      );
      const farm = report.checks.filter((c) => c.id.startsWith("host.stf."));
      expect(farm.map((c) => [c.id, c.status])).toEqual([
        ["host.stf.api", "pass"],
        ["host.stf.token", "pass"],
        ["host.stf.adb-key", "pass"],
      ]);
    });

    it("devices lists the farm's devices under stf: serials", async () => {
      const listed = json<{ serial: string; transport?: string }[]>(
        await cli.run(["devices", "--config", await farmConfig(), "--json"], { env }),
      );
      const farm = listed.filter((d) => d.transport === "stf");
      expect(farm.length).toBeGreaterThan(0);
      for (const device of farm) expect(device.serial).toMatch(/^stf:/);
    });

    it("device info on stf:any leases a free device, answers from it over adb, and gives it back", async () => {
      const before = await held();
      const ran = await cli.run(
        ["device", "info", "--device-id", "stf:any", "--config", await farmConfig(), "--json"],
        {
          env,
        },
      );
      expect(ran.exitCode, ran.stdout + ran.stderr).toBe(0);
      expect(json(ran)).toMatchObject({ ok: true, deviceId: expect.stringMatching(/^stf:/) });
      expect(ran.stdout + ran.stderr).not.toContain(token);
      expect(await held()).toEqual(before);
    });
  },
);
