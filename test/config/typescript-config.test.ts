import { symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load-config.ts";
import { REPO_ROOT } from "../helpers/cli-paths.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-tsconfig-");

/** A project folder whose node_modules/clawperator is this repository (its dist/ is built by the global setup). */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await makeDir({ ...files, "node_modules/.keep": "" });
  await symlink(REPO_ROOT, join(dir, "node_modules", "clawperator"));
  return dir;
}

const envConfig = `import { defineConfig } from "clawperator/config";
const device: string | undefined = process.env.CLAWPERATOR_TEST_DEVICE;
export default defineConfig({ deviceId: device ?? "none" });
`;

describe("clawperator.config.ts", () => {
  it("is evaluated afresh on every load, so a config that reads the environment follows it", async () => {
    const dir = await project({ "clawperator.config.ts": envConfig });
    const deviceIds: string[] = [];
    for (const device of ["emulator-5554", "emulator-5556", "emulator-5554"]) {
      process.env.CLAWPERATOR_TEST_DEVICE = device;
      deviceIds.push((await loadConfig({ cwd: dir })).deviceId!);
    }
    delete process.env.CLAWPERATOR_TEST_DEVICE;
    expect(deviceIds).toEqual(["emulator-5554", "emulator-5556", "emulator-5554"]);
  });

  it("picks up an edit to the file", async () => {
    const dir = await project({
      "clawperator.config.ts":
        'import { defineConfig } from "clawperator/config";\nexport default defineConfig({ deviceId: "first" });\n',
    });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("first");
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("first");
    await writeFile(
      join(dir, "clawperator.config.ts"),
      'import { defineConfig } from "clawperator/config";\nexport default defineConfig({ deviceId: "second" });\n',
    );
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("second");
  });

  it("may import its own TypeScript modules", async () => {
    const dir = await project({
      "clawperator.config.ts":
        'import { defineConfig } from "clawperator/config";\nimport { device } from "./device.ts";\n' +
        "export default defineConfig({ deviceId: device });\n",
      "device.ts": 'export const device: string = "from-module";\n',
    });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("from-module");
    await writeFile(join(dir, "device.ts"), 'export const device: string = "edited-module";\n');
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("edited-module");
  });
});
