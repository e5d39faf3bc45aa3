import { describe, expect, it } from "vitest";
import { loadRuntimeConfig } from "../../runtime/boot.ts";
import { caught } from "../helpers/caught.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-device-");
const project = () => makeDir({ ".clawperatorrc.json": JSON.stringify({ deviceId: "from-config" }) });

/** The default device of a runtime booted as the CLI, `mcp`, `serve`, OpenClaw and createClawperator boot one. */
const deviceOf = async (options: Parameters<typeof loadRuntimeConfig>[0]) =>
  (await loadRuntimeConfig(options)).deviceId;

describe("the default device: flag, then CLAWPERATOR_DEVICE_ID, then the config", () => {
  it("takes the flag (--device-id, or a front end's deviceId in code) over the environment and the config", async () => {
    const cwd = await project();
    const env = { CLAWPERATOR_DEVICE_ID: "from-env" };
    expect(await deviceOf({ cwd, env, deviceId: "from-flag" })).toBe("from-flag");
    // OpenClaw's plugin config and createClawperator({ config: { deviceId } }) are overrides in code.
    expect(await deviceOf({ cwd, env, overrides: { deviceId: "from-code" } })).toBe("from-code");
  });

  it("takes the environment over the config, and the config when nothing else names one", async () => {
    const cwd = await project();
    expect(await deviceOf({ cwd, env: { CLAWPERATOR_DEVICE_ID: "from-env" } })).toBe("from-env");
    expect(await deviceOf({ cwd, env: {} })).toBe("from-config");
    expect(await deviceOf({ cwd: await makeDir(), env: {} })).toBeUndefined();
  });

  it("refuses a serial adb would never print, naming where it came from", async () => {
    const cwd = await makeDir();
    expect(await caught(() => deviceOf({ cwd, env: { CLAWPERATOR_DEVICE_ID: "a b" } }))).toMatchObject({
      code: "INVALID_DEVICE_ID",
      message: expect.stringContaining("CLAWPERATOR_DEVICE_ID"),
    });
  });
});
