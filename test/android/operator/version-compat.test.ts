import { describe, expect, it } from "vitest";
import {
  OPERATOR_PROTOCOL_LINE,
  OPERATOR_REFERENCE_RELEASE,
  operatorSetupCommand,
  operatorVersionCode,
} from "../../../android/operator/protocol-line.ts";
import { compatibility, isCompatible, parseVersion } from "../../../android/operator/version-compat.ts";

describe("the version compatibility rule (docs/doctor.md#version-compatibility)", () => {
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
});

describe("the Operator protocol line, not the package version, decides", () => {
  it("is the 0.5 line the protocol tables were read from (APK 0.5.3)", () => {
    expect(OPERATOR_PROTOCOL_LINE).toBe("0.5");
    expect(OPERATOR_REFERENCE_RELEASE).toEqual({ versionName: "0.5.3", versionCode: 503_900 });
  });

  it.each(["0.5.0", "0.5.3", "0.5.3-d", "0.5.12-rc.1"])("Operator %s is compatible whatever the CLI's version", (v) => {
    for (const cli of ["0.1.0", "0.5.0", "2.0.0"])
      expect(compatibility(cli, "p", { versionName: v, versionCode: 1 })).toMatchObject({
        compatible: true,
        cliVersion: cli,
        operatorProtocol: "0.5",
        remediation: [],
      });
  });

  it("an older Operator: VERSION_INCOMPATIBLE, remediation is the setup that downloads a 0.5.x APK", () => {
    const verdict = compatibility("0.1.0", "com.clawperator.operator", { versionName: "0.4.0" }, "emulator-5554");
    expect(verdict).toMatchObject({
      compatible: false,
      code: "VERSION_INCOMPATIBLE",
      message: "Operator 0.4.0 is not compatible: this CLI (0.1.0) drives Operator 0.5.x, and 0.4.0 is 0.4.x.",
    });
    expect(verdict.remediation).toEqual([
      "Install Operator 0.5.x: clawperator operator setup --device-id emulator-5554",
    ]);
  });

  it("a newer Operator must be removed first (Android refuses a downgrade)", () => {
    const verdict = compatibility("0.1.0", "com.clawperator.operator", { versionName: "0.6.1" }, "emulator-5554");
    expect(verdict.code).toBe("VERSION_INCOMPATIBLE");
    expect(verdict.remediation).toEqual([
      "Remove the newer Operator: adb -s emulator-5554 uninstall com.clawperator.operator",
      "Then install Operator 0.5.x: clawperator operator setup --device-id emulator-5554",
    ]);
  });

  it("never names an npm version of the CLI", () => {
    for (const versionName of ["0.4.0", "0.6.0", "1.0.0", "nightly", undefined]) {
      const verdict = compatibility("0.1.0", "com.clawperator.operator", versionName ? { versionName } : {});
      expect(verdict.remediation.join("\n")).not.toMatch(/npm|clawperator@/);
    }
  });

  it("names each way a check can fail", () => {
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
  });

  it("the setup command downloads the release Operator; another package needs the APK its user built", () => {
    expect(operatorSetupCommand()).toBe("clawperator operator setup");
    expect(operatorSetupCommand({ deviceId: "d", receiverPackage: "com.clawperator.operator" })).toBe(
      "clawperator operator setup --device-id d",
    );
    expect(operatorSetupCommand({ deviceId: "d", receiverPackage: "com.clawperator.operator.dev" })).toBe(
      "clawperator operator setup --apk <your build of Operator 0.5.x> --device-id d " +
        "--receiver-package com.clawperator.operator.dev",
    );
  });

  it.each([
    ["0.5.3", 503_900],
    ["0.5.3-d", 503_900],
    ["1.2.0", 10_200_900],
    ["0.6.0-rc.2", 600_802],
    ["0.6.0-beta.1", 600_501],
    ["0.6.0-alpha", 600_200],
    ["0.6.0-nightly.4", 600_104],
  ])("versionCode of %s as the APK's build computes it: %i", (name, code) => {
    expect(operatorVersionCode(parseVersion(name)!)).toBe(code);
  });
});
