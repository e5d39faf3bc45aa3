import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockAvd } from "../../../android/virtual/sdk/avd-lock.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { listAvds, runningEmulators } from "../../../plugins/emulator/catalog.ts";
import { createAvd } from "../../../plugins/emulator/operations/create.ts";
import { deleteAvd } from "../../../plugins/emulator/operations/delete.ts";
import { provisionEmulator } from "../../../plugins/emulator/operations/provision.ts";
import { startAvd } from "../../../plugins/emulator/operations/start.ts";
import { stopAvd } from "../../../plugins/emulator/operations/stop.ts";
import { caught } from "../../helpers/caught.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { harness, type Harness } from "./fakes.ts";

const makeDir = tempDirs("clawperator-emulator-");
const TIMEOUTS = { registrationTimeoutMs: 10_000, bootTimeoutMs: 20_000 };

async function withAvd(options: Parameters<typeof createAvd>[1] = {}): Promise<Harness> {
  const h = harness(await makeDir());
  await createAvd(h.ctx, options);
  return h;
}

const avdFiles = (h: Harness) =>
  (existsSync(h.ctx.avdHome) ? readdirSync(h.ctx.avdHome) : []).filter((f) => f.endsWith(".ini"));

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await caught(() => promise);
  expect(error).toBeInstanceOf(ClawperatorError);
  return (error as ClawperatorError).code;
}

describe("create", () => {
  it("accepts the licenses, installs the default image and creates a supported AVD", async () => {
    const h = harness(await makeDir());
    const avd = await createAvd(h.ctx);
    expect(avd).toEqual({
      name: "clawperator-pixel",
      exists: true,
      running: false,
      supported: true,
      apiLevel: 35,
      abi: "x86_64",
      playStore: true,
      deviceProfile: "pixel_7",
      systemImage: "system-images;android-35;google_apis_playstore;x86_64",
      unsupportedReasons: [],
    });
    expect(h.tools.calls).toEqual([
      "sdkmanager --list_installed",
      "sdkmanager --licenses",
      "sdkmanager system-images;android-35;google_apis_playstore;x86_64",
      "avdmanager create avd --force --name clawperator-pixel --package " +
        "system-images;android-35;google_apis_playstore;x86_64 --device pixel_7",
    ]);
    // A second AVD reuses the installed image.
    h.tools.calls.length = 0;
    await createAvd(h.ctx, { name: "second" });
    expect(h.tools.calls[0]).toBe("sdkmanager --list_installed");
    expect(h.tools.calls.some((c) => c.startsWith("sdkmanager --licenses"))).toBe(false);
  });

  it("never replaces an existing AVD: ANDROID_AVD_CREATE_FAILED (EMULATOR_CREATE_FAILED is reserved)", async () => {
    const h = await withAvd();
    expect(await codeOf(createAvd(h.ctx))).toBe("ANDROID_AVD_CREATE_FAILED");
  });

  it("reports a failed image install and a failed avdmanager", async () => {
    const broken = harness(await makeDir(), { failImageInstall: true });
    const error = await caught(() => createAvd(broken.ctx));
    expect(error.code).toBe("ANDROID_SYSTEM_IMAGE_INSTALL_FAILED");
    expect(error.message).toContain("Failed to download");
    const h = harness(await makeDir());
    const avd = await caught(() => createAvd(h.ctx, { deviceProfile: "no_such_phone" }));
    expect(avd.code).toBe("ANDROID_AVD_CREATE_FAILED");
    expect(avd.message).toContain("No device found matching --device no_such_phone");
    expect(avdFiles(h)).toEqual([]);
  });

  it("names the missing tool", async () => {
    const h = harness(await makeDir());
    h.env.AVDMANAGER_PATH = "/nonexistent/avdmanager";
    const error = await caught(() => createAvd(h.ctx));
    expect(error.code).toBe("ANDROID_SDK_TOOL_MISSING");
    expect(error.details).toMatchObject({ tool: "avdmanager" });
  });
});

describe("start and the two timeouts", () => {
  it("launches without snapshot or boot animation, waits for registration and both boot properties", async () => {
    const h = await withAvd();
    h.launcher.plan = { registerAfterMs: 3_000, bootAfterMs: 12_000 };
    const started = h.clock.now();
    expect(await startAvd(h.ctx, "clawperator-pixel", TIMEOUTS)).toEqual({
      type: "emulator",
      avdName: "clawperator-pixel",
      serial: "emulator-5554",
      booted: true,
    });
    expect(h.launcher.launches[0]!.args).toEqual(["@clawperator-pixel", "-no-snapshot-load", "-no-boot-anim"]);
    expect(h.launcher.launches[0]!.path).toMatch(/\/sdk\/emulator\/emulator$/);
    // Booted at +15 s; the wait polls every 250 ms, so it returns within one poll of it.
    expect(h.clock.now() - started).toBeGreaterThanOrEqual(15_000);
    expect(h.clock.now() - started).toBeLessThanOrEqual(15_250);
    // Progress: each phase with its elapsed time, and a line at most every 5 s while waiting.
    expect(h.progress).toContain(
      "[emulator] clawperator-pixel registered with adb as emulator-5554; waiting for Android to boot (3.0 s)",
    );
    expect(h.progress.at(-1)).toMatch(/^\[emulator\] emulator-5554 booted \(15\.\d s\)$/);
    expect(h.progress.filter((l) => l.includes("waiting for Android to boot on"))).toHaveLength(2);
  });

  it("EMULATOR_START_FAILED when it never registers, and the process is stopped", async () => {
    const h = await withAvd();
    h.launcher.plan = {};
    const error = await caught(() =>
      startAvd(h.ctx, "clawperator-pixel", { registrationTimeoutMs: 2_000, bootTimeoutMs: 60_000 }),
    );
    expect(error.code).toBe("EMULATOR_START_FAILED");
    expect(error.details).toMatchObject({ avdName: "clawperator-pixel", registrationTimeoutMs: 2_000 });
    expect(h.launcher.launches[0]!.killed).toBe(true);
  });

  it("EMULATOR_START_FAILED at once when the process exits before registering", async () => {
    const h = await withAvd();
    h.launcher.plan = { exitCode: 1 };
    const started = h.clock.now();
    const error = await caught(() => startAvd(h.ctx, "clawperator-pixel", TIMEOUTS));
    expect(error.code).toBe("EMULATOR_START_FAILED");
    expect(error.details).toMatchObject({ exitCode: 1, output: "PANIC: Unknown AVD name" });
    expect(h.clock.now()).toBe(started);
  });

  it("EMULATOR_BOOT_TIMEOUT when it registered but Android never finished booting", async () => {
    const h = await withAvd();
    h.launcher.plan = { registerAfterMs: 1_000 };
    const error = await caught(() =>
      startAvd(h.ctx, "clawperator-pixel", { registrationTimeoutMs: 2_000, bootTimeoutMs: 4_000 }),
    );
    expect(error.code).toBe("EMULATOR_BOOT_TIMEOUT");
    expect(error.details).toMatchObject({ serial: "emulator-5554", bootTimeoutMs: 4_000 });
    // Left running: it registered, it may only be slow.
    expect(h.launcher.launches[0]!.killed).toBe(false);
  });

  it("refuses a missing, a running and an unsupported AVD", async () => {
    const h = await withAvd();
    await createAvd(h.ctx, { name: "old", apiLevel: 30, playStore: false });
    expect(await codeOf(startAvd(h.ctx, "missing", TIMEOUTS))).toBe("EMULATOR_NOT_FOUND");
    const unsupported = await caught(() => startAvd(h.ctx, "old", TIMEOUTS));
    expect(unsupported.code).toBe("EMULATOR_UNSUPPORTED");
    expect(unsupported.details).toMatchObject({ unsupportedReasons: ["missing_play_store", "unsupported_api_level"] });
    h.adb.add("emulator-5560", { name: "clawperator-pixel" });
    expect(await codeOf(startAvd(h.ctx, "clawperator-pixel", TIMEOUTS))).toBe("EMULATOR_ALREADY_RUNNING");
    expect(h.launcher.launches).toHaveLength(0);
    expect(await codeOf(startAvd(h.ctx, "bad name!", TIMEOUTS))).toBe("USAGE");
  });
});

describe("provision: reuse first, never a duplicate", () => {
  it("creates the default AVD once, then reuses the running emulator", async () => {
    const h = harness(await makeDir());
    const first = await provisionEmulator(h.ctx, TIMEOUTS);
    expect(first).toEqual({
      type: "emulator",
      avdName: "clawperator-pixel",
      serial: "emulator-5554",
      booted: true,
      created: true,
      started: true,
      reused: false,
    });
    const second = await provisionEmulator(h.ctx, TIMEOUTS);
    expect(second).toEqual({ ...first, created: false, started: false, reused: true });
    expect(h.launcher.launches).toHaveLength(1);
    expect(avdFiles(h)).toEqual(["clawperator-pixel.ini"]);
  });

  it("starts a stopped supported AVD (the default name first) instead of creating one", async () => {
    const h = await withAvd({ name: "another-supported" });
    await createAvd(h.ctx);
    const result = await provisionEmulator(h.ctx, TIMEOUTS);
    expect(result).toMatchObject({ avdName: "clawperator-pixel", created: false, started: true, reused: false });
    expect(avdFiles(h).sort()).toEqual(["another-supported.ini", "clawperator-pixel.ini"]);
  });

  it("skips running emulators it cannot vouch for, and waits for a supported one that is still booting", async () => {
    const h = await withAvd();
    h.adb.add("emulator-5556", { name: "someone-elses-avd" });
    h.adb.add("emulator-5558", { name: "clawperator-pixel", bootedAt: h.clock.now() + 2_000 });
    const result = await provisionEmulator(h.ctx, TIMEOUTS);
    expect(result).toMatchObject({ serial: "emulator-5558", reused: true, booted: true });
    expect(h.clock.now()).toBeGreaterThanOrEqual(2_000 + 1_000_000);
    expect(await runningEmulators(h.ctx)).toEqual([
      {
        type: "emulator",
        avdName: "someone-elses-avd",
        serial: "emulator-5556",
        booted: true,
        supported: false,
        unsupportedReasons: [],
      },
      {
        type: "emulator",
        avdName: "clawperator-pixel",
        serial: "emulator-5558",
        booted: true,
        supported: true,
        unsupportedReasons: [],
      },
    ]);
  });

  it("waits for another provisioning on this host, and gives up after the start and boot timeouts", async () => {
    const h = harness(await makeDir());
    h.locks.add(`emulator-provision:${h.ctx.avdHome}`);
    const started = h.clock.now();
    const error = await caught(() => provisionEmulator(h.ctx, TIMEOUTS));
    expect(error.code).toBe("EMULATOR_START_FAILED");
    expect(h.clock.now() - started).toBeGreaterThanOrEqual(TIMEOUTS.registrationTimeoutMs + TIMEOUTS.bootTimeoutMs);
    expect([h.launcher.launches.length, avdFiles(h)]).toEqual([0, []]);
  });

  it("EMULATOR_UNSUPPORTED rather than overwriting an unsupported AVD that has the default name", async () => {
    const h = await withAvd({ apiLevel: 33 });
    const error = await caught(() => provisionEmulator(h.ctx, TIMEOUTS));
    expect(error.code).toBe("EMULATOR_UNSUPPORTED");
    expect(error.details).toMatchObject({ unsupportedReasons: ["unsupported_api_level"] });
    expect((await listAvds(h.ctx)).map((a) => a.apiLevel)).toEqual([33]);
  });
});

describe("stop and delete", () => {
  it("stops by AVD name and waits until adb drops it", async () => {
    const h = await withAvd();
    h.adb.add("emulator-5554", { name: "clawperator-pixel" });
    expect(await stopAvd(h.ctx, "clawperator-pixel")).toEqual({
      type: "emulator",
      avdName: "clawperator-pixel",
      serial: "emulator-5554",
      stopped: true,
    });
    expect(h.adb.killed).toEqual(["emulator-5554"]);
    expect(await codeOf(stopAvd(h.ctx, "clawperator-pixel"))).toBe("EMULATOR_NOT_RUNNING");
    expect(await codeOf(stopAvd(h.ctx, "missing"))).toBe("EMULATOR_NOT_FOUND");
  });

  it("EMULATOR_STOP_FAILED when the console refuses or the emulator stays", async () => {
    const h = await withAvd();
    h.adb.add("emulator-5554", { name: "clawperator-pixel", dies: false });
    h.adb.killFails = true;
    expect(await codeOf(stopAvd(h.ctx, "clawperator-pixel"))).toBe("EMULATOR_STOP_FAILED");
    h.adb.killFails = false;
    const before = h.clock.now();
    expect(await codeOf(stopAvd(h.ctx, "clawperator-pixel"))).toBe("EMULATOR_STOP_FAILED");
    expect(h.clock.now() - before).toBeGreaterThanOrEqual(10_000);
  });

  it("refuses to delete a running AVD, deletes a stopped one", async () => {
    const h = await withAvd();
    h.adb.add("emulator-5554", { name: "clawperator-pixel" });
    expect(await codeOf(deleteAvd(h.ctx, "clawperator-pixel"))).toBe("EMULATOR_ALREADY_RUNNING");
    expect(avdFiles(h)).toEqual(["clawperator-pixel.ini"]);
    await stopAvd(h.ctx, "clawperator-pixel");
    expect(await deleteAvd(h.ctx, "clawperator-pixel")).toEqual({ avdName: "clawperator-pixel", deleted: true });
    expect(avdFiles(h)).toEqual([]);
    expect(await codeOf(deleteAvd(h.ctx, "clawperator-pixel"))).toBe("EMULATOR_NOT_FOUND");
  });

  it("EMULATOR_DELETE_FAILED with avdmanager's own words when it refuses", async () => {
    const h = await withAvd();
    // An emulator adb does not list (another user's, or one still starting) holds the AVD's lock.
    const unlock = lockAvd(join(h.ctx.avdHome, "clawperator-pixel.avd"));
    try {
      const error = await caught(() => deleteAvd(h.ctx, "clawperator-pixel"));
      expect(error.code).toBe("EMULATOR_DELETE_FAILED");
      expect(error.message).toContain("is currently running in the Emulator");
      expect(avdFiles(h)).toEqual(["clawperator-pixel.ini"]);
    } finally {
      unlock();
    }
  });
});
