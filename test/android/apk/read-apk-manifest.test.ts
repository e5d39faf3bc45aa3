import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApkReadError, readApkManifest } from "../../../android/apk/read-apk-manifest.ts";
import { buildOperatorApk, zipFiles } from "../../../android/virtual/apk/index.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";

/** A real APK published on the npm registry (Appium's settings app), a devDependency for this test. */
const APPIUM_SETTINGS = join(REPO_ROOT, "node_modules/io.appium.settings");
const APPIUM_SETTINGS_APK = join(APPIUM_SETTINGS, "apks/settings_apk-debug.apk");

describe("readApkManifest", () => {
  it("reads package, version and services of a real APK built by Android's tools", async () => {
    const manifest = await readApkManifest(APPIUM_SETTINGS_APK);
    const { version } = JSON.parse(readFileSync(join(APPIUM_SETTINGS, "package.json"), "utf8")) as { version: string };
    expect(manifest.package).toBe("io.appium.settings");
    expect(manifest.versionName).toBe(version);
    expect(manifest.versionCode).toBeGreaterThan(0);
    expect(manifest.permissions).toContain("android.permission.INTERNET");
    expect(manifest.services).toContain("io.appium.settings.NLService");
  });

  it("reads the virtual Operator APK the same way, from bytes", async () => {
    const apk = buildOperatorApk({
      packageName: "com.clawperator.operator.dev",
      versionName: "0.3.1-d",
      versionCode: 3001,
      label: "Operator (debug)",
    });
    expect(await readApkManifest(apk)).toEqual({
      package: "com.clawperator.operator.dev",
      versionName: "0.3.1-d",
      versionCode: 3001,
      label: "Operator (debug)",
      permissions: ["android.permission.POST_NOTIFICATIONS"],
      services: [
        "clawperator.operator.accessibilityservice.OperatorAccessibilityService",
        "action.notification.NotificationListenerService",
      ],
      launcherActivities: ["clawperator.activity.MainActivity"],
    });
  });

  it("says not_apk for a file that is not a ZIP, or a ZIP without a manifest", async () => {
    for (const bytes of [
      Buffer.from('{"hello":1}'),
      zipFiles([{ name: "classes.dex", data: Buffer.from("dex\n035") }]),
    ]) {
      const error = await readApkManifest(bytes).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApkReadError);
      expect((error as ApkReadError).reason).toBe("not_apk");
    }
  });
});
