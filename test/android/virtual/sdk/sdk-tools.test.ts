import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseIni, readAvdMetadata } from "../../../../android/avd/index.ts";
import { runSdkTool, writeVirtualSdk, type ToolIo } from "../../../../android/virtual/sdk/index.ts";
import { lockAvd } from "../../../../android/virtual/sdk/avd-lock.ts";
import { tempDirs } from "../../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-vsdk-");

/** Runs a stand-in tool in this process with `answers` on stdin. */
async function run(sdk: string, env: NodeJS.ProcessEnv, tool: string, args: string[], answers: string[] = []) {
  let stdout = "";
  let stderr = "";
  const io: ToolIo = {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
    readLine: async () => answers.shift(),
    env,
  };
  const exitCode = await runSdkTool(tool, args, sdk, io);
  return { exitCode, stdout, stderr };
}

async function sdkSpace() {
  const dir = await makeDir();
  const sdk = join(dir, "sdk");
  const written = writeVirtualSdk(sdk, { entry: "file:///entry.js", node: "/usr/bin/node" });
  return { dir, sdk, written, env: { HOME: dir, ANDROID_AVD_HOME: join(dir, "avd") } };
}

const IMAGE = "system-images;android-35;google_apis_playstore;x86_64";

describe("the SDK stand-in", () => {
  it("writes executables where a real SDK has them, each running the stand-in with Node", async () => {
    const { sdk, written } = await sdkSpace();
    expect(written.tools).toEqual({
      sdkmanager: join(sdk, "cmdline-tools/latest/bin/sdkmanager"),
      avdmanager: join(sdk, "cmdline-tools/latest/bin/avdmanager"),
      emulator: join(sdk, "emulator/emulator"),
    });
    expect(statSync(written.tools.emulator!).mode & 0o111).toBe(0o111);
    expect(readFileSync(written.tools.emulator!, "utf8")).toContain(
      `exec '/usr/bin/node' '${join(sdk, ".clawperator/run-tool.mjs")}' emulator "$@"`,
    );
    expect(readFileSync(join(sdk, ".clawperator/run-tool.mjs"), "utf8")).toContain('await import("file:///entry.js")');
    expect(written.config).toEqual({ scenario: "default", bootDelayMs: 2000, register: true, failImageInstall: false });
    const omitted = writeVirtualSdk(sdk, { entry: "file:///entry.js", omit: ["avdmanager"] });
    expect(omitted.tools.avdmanager).toBeNull();
    expect(existsSync(join(sdk, "cmdline-tools/latest/bin/avdmanager"))).toBe(false);
  });

  it("sdkmanager: licenses, install, list_installed", async () => {
    const { sdk, env } = await sdkSpace();
    expect((await run(sdk, env, "sdkmanager", [IMAGE], ["n"])).exitCode).toBe(1);
    const licenses = await run(sdk, env, "sdkmanager", ["--licenses"], ["y", "y"]);
    expect([licenses.exitCode, licenses.stdout.trim().split("\n").at(-1)]).toEqual([
      0,
      "All SDK package licenses accepted",
    ]);
    expect((await run(sdk, env, "sdkmanager", [IMAGE])).exitCode).toBe(0);
    const listed = await run(sdk, env, "sdkmanager", ["--list_installed"]);
    expect(listed.stdout).toMatch(/^Installed packages:\n {2}Path +\| Version \| Description +\| Location\n/);
    expect(listed.stdout).toContain(
      `  ${IMAGE} | 9       | Google Play Intel x86_64 Atom System Image | ` +
        `system-images/android-35/google_apis_playstore/x86_64\n`,
    );
    expect(await run(sdk, env, "sdkmanager", ["system-images;android-99;google_apis;x86_64"])).toMatchObject({
      exitCode: 1,
      stderr: "Warning: Failed to find package 'system-images;android-99;google_apis;x86_64'\n",
    });
  });

  it("avdmanager: create avd writes the ini files avdmanager writes; delete refuses a running AVD", async () => {
    const { sdk, env } = await sdkSpace();
    const missingImage = await run(
      sdk,
      env,
      "avdmanager",
      ["create", "avd", "--name", "p", "--package", IMAGE, "--device", "pixel_7"],
      ["no"],
    );
    expect(missingImage).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("Package path is not valid") });
    await run(sdk, env, "sdkmanager", [IMAGE], ["y"]);
    const created = await run(
      sdk,
      env,
      "avdmanager",
      ["create", "avd", "--force", "--name", "p", "--package", IMAGE, "--device", "pixel_7"],
      ["no"],
    );
    expect(created).toMatchObject({
      exitCode: 0,
      stdout: expect.stringContaining("Do you wish to create a custom hardware profile? [no] "),
    });
    const avdHome = env.ANDROID_AVD_HOME;
    expect(parseIni(readFileSync(join(avdHome, "p.ini"), "utf8"))).toEqual({
      "avd.ini.encoding": "UTF-8",
      path: join(avdHome, "p.avd"),
      "path.rel": "avd/p.avd",
      target: "android-35",
    });
    expect(parseIni(readFileSync(join(avdHome, "p.avd/config.ini"), "utf8"))).toMatchObject({
      "PlayStore.enabled": "true",
      "abi.type": "x86_64",
      "hw.device.name": "pixel_7",
      "image.sysdir.1": "system-images/android-35/google_apis_playstore/x86_64/",
      "tag.id": "google_apis_playstore",
    });
    expect((await run(sdk, env, "avdmanager", ["create", "avd", "-n", "p", "-k", IMAGE], ["no"])).stderr).toContain(
      "Android Virtual Device 'p' already exists.",
    );
    expect((await run(sdk, env, "emulator", ["-list-avds"])).stdout).toBe("p\n");
    expect((await run(sdk, env, "avdmanager", ["list", "avd", "-c"])).stdout).toBe("p\n");

    const unlock = lockAvd(join(avdHome, "p.avd"));
    expect((await run(sdk, env, "avdmanager", ["delete", "avd", "-n", "p"])).stderr).toContain("currently running");
    unlock();
    expect(await run(sdk, env, "avdmanager", ["delete", "avd", "-n", "p"])).toMatchObject({
      exitCode: 0,
      stdout: expect.stringContaining("AVD 'p' deleted."),
    });
    expect(readAvdMetadata(avdHome, "p").exists).toBe(false);
    expect((await run(sdk, env, "avdmanager", ["delete", "avd", "-n", "p"])).stderr).toBe(
      "Error: There is no Android Virtual Device named 'p'.\n",
    );
  });

  it("emulator: an unknown AVD panics as the real one does", async () => {
    const { sdk, env } = await sdkSpace();
    const result = await run(sdk, env, "emulator", ["@nope", "-no-snapshot-load", "-no-boot-anim"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("PANIC: Unknown AVD name [nope], use -list-avds to see valid list.");
    expect((await run(sdk, env, "emulator", [])).exitCode).toBe(1);
  });
});
