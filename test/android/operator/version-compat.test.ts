import { describe, expect, it } from "vitest";
import { compatibility, isCompatible, parseVersion } from "../../../android/operator/version-compat.ts";

describe('the version compatibility rule (spec/001 "Version Compatibility")', () => {
  it.each([
    ["0.1.4", true],
    ["0.1.9", true],
    ["0.1.4-d", true],
    ["0.1.4-rc.1", true],
    ["0.1.0-alpha.1", true],
    ["0.1.4-beta.2", true],
    ["0.2.1", false],
    ["0.2.5", false],
    ["0.3.0", false],
    ["1.1.4", false],
  ])("CLI 0.1.4 and app %s: compatible %s", (app, expected) => {
    expect(isCompatible(parseVersion("0.1.4")!, parseVersion(app)!)).toBe(expected);
  });

  it("parses suffixes and refuses what is not major.minor[.patch]", () => {
    expect(parseVersion("0.1.4-d")).toEqual({ major: 0, minor: 1, patch: 4, suffix: "d" });
    expect(parseVersion("2.3")).toEqual({ major: 2, minor: 3, patch: 0 });
    for (const bad of ["", "1", "one.two", "1.2.3.4", "1.2.3-", "latest"]) expect(parseVersion(bad)).toBeUndefined();
  });

  it("names each way a check can fail", () => {
    expect(compatibility("banana", "p", { versionName: "0.1.0" })).toMatchObject({
      compatible: false,
      code: "CLI_VERSION_INVALID",
    });
    expect(compatibility("0.1.0", "p", {})).toMatchObject({
      compatible: false,
      code: "APK_VERSION_UNREADABLE",
      message: "Could not read the version of p from dumpsys package.",
    });
    expect(compatibility("0.1.0", "p", { raw: "Dexopt state:\n  Unable to find package: p\n" })).toMatchObject({
      code: "APK_VERSION_UNREADABLE",
      message: "p is not installed, so its version cannot be read.",
    });
    expect(compatibility("0.1.0", "p", { versionName: "nightly", versionCode: 5 })).toMatchObject({
      code: "APK_VERSION_INVALID",
      apkVersion: "nightly",
      apkVersionCode: 5,
    });
    const incompatible = compatibility("0.1.0", "p", { versionName: "0.2.1", versionCode: 21 }, "emulator-5554");
    expect(incompatible).toMatchObject({
      compatible: false,
      code: "VERSION_INCOMPATIBLE",
      message: "CLI 0.1.0 and Operator 0.2.1 are not compatible: major.minor 0.1 ≠ 0.2.",
    });
    expect(incompatible.remediation).toEqual([
      "Install a 0.1.x Operator APK: clawperator operator setup --apk <operator-0.1.x.apk> --device-id " +
        "emulator-5554 --receiver-package p",
      "Or install the CLI that matches the Operator: npm install -g clawperator@0.2",
    ]);
    expect(compatibility("0.1.0", "p", { versionName: "0.1.3-d", versionCode: 13 })).toMatchObject({
      compatible: true,
      remediation: [],
    });
  });
});
