import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorReport } from "../../../core/doctor/report.ts";
import { OPERATOR_REFERENCE_RELEASE } from "../../../android/operator/protocol-line.ts";
import { packageVersion } from "../../../core/package-version.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { ALL_IDS, outline } from "./report.ts";

const session = virtualSession();
const OPERATOR = "com.clawperator.operator";
const A11Y = `${OPERATOR}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`;
const LISTENER = `${OPERATOR}/action.notification.NotificationListenerService`;

async function operatorApk(name: string, ...flags: string[]): Promise<string> {
  const out = join(session.harness.home, name);
  const { exitCode, body } = await session.json<{ path: string }>(["virtual", "operator-apk", "--out", out, ...flags]);
  expect(exitCode).toBe(0);
  expect(body.path).toBe(out);
  return out;
}

describe("operator setup", () => {
  it("on a fresh device: installs the virtual Operator APK, grants, verifies; a second run changes nothing; doctor then passes", async () => {
    const device = await session.startDevice({ scenario: "fresh" });
    const settings = device.device.state.settings;
    // Another app's accessibility service and listener, enabled by the user: setup keeps them.
    settings.put("secure", "enabled_accessibility_services", "com.example.talk/.TalkService");
    settings.put("secure", "enabled_notification_listeners", "com.example.watch/.Listener");
    const apk = await operatorApk("operator.apk");
    const version = OPERATOR_REFERENCE_RELEASE.versionName;

    const first = await session.json<{ permissions: { permission: string; status: string }[] }>([
      "operator",
      "setup",
      "--apk",
      apk,
      "--device-id",
      device.serial,
    ]);
    expect(first.exitCode).toBe(0);
    expect(first.body).toMatchObject({
      ok: true,
      deviceId: device.serial,
      receiverPackage: OPERATOR,
      install: "installed",
      verified: true,
      changed: true,
      apk: { path: apk, package: OPERATOR, versionName: version },
    });
    expect(first.body.permissions.map((p: { permission: string; status: string }) => [p.permission, p.status])).toEqual(
      [
        ["accessibility_service", "granted"],
        ["notification_listener", "granted"],
        ["post_notifications", "granted"],
      ],
    );
    expect(settings.get("secure", "enabled_accessibility_services")).toBe(`com.example.talk/.TalkService:${A11Y}`);
    expect(settings.get("secure", "enabled_notification_listeners")).toBe(`com.example.watch/.Listener:${LISTENER}`);
    expect(settings.get("secure", "accessibility_enabled")).toBe("1");
    expect(device.device.state.packages.get(OPERATOR)).toMatchObject({ versionName: version, operator: true });

    const second = await session.json<{ permissions: { permission: string; status: string }[] }>([
      "operator",
      "install",
      "--apk",
      apk,
      "--device-id",
      device.serial,
    ]);
    expect(second.exitCode).toBe(0);
    expect(second.body).toMatchObject({
      install: "unchanged",
      changed: false,
      message: expect.stringContaining("nothing changed"),
    });
    expect(second.body.permissions.map((p: { status: string }) => p.status)).toEqual([
      "already_enabled",
      "already_enabled",
      "already_enabled",
    ]);
    expect(settings.get("secure", "enabled_accessibility_services")).toBe(`com.example.talk/.TalkService:${A11Y}`);

    const doctor = await session.json<DoctorReport>(["doctor", "--device-id", device.serial]);
    expect(doctor.exitCode).toBe(0);
    expect(outline(doctor.body).map(([id, status]) => [id, status])).toEqual(ALL_IDS.map((id) => [id, "pass"]));
  });

  it("a newer APK replaces the installed one (install: updated)", async () => {
    const device = await session.startDevice();
    const apk = await operatorApk("newer.apk", "--version-name", "0.5.7", "--version-code", "507901");
    const { exitCode, body } = await session.json(["operator", "setup", "--apk", apk, "--device-id", device.serial]);
    expect(exitCode).toBe(0);
    expect(body).toMatchObject({ install: "updated", changed: true });
    expect(device.device.state.packages.get(OPERATOR)).toMatchObject({ versionName: "0.5.7", versionCode: 507_901 });
  });

  it("the debug variant's APK sets up com.clawperator.operator.dev", async () => {
    const device = await session.startDevice({ scenario: "fresh" });
    const apk = await operatorApk("debug.apk", "--variant", "debug");
    const { exitCode, body } = await session.json(["operator", "setup", "--apk", apk, "--device-id", device.serial]);
    expect(exitCode).toBe(0);
    expect(body).toMatchObject({
      receiverPackage: "com.clawperator.operator.dev",
      apk: { versionName: "0.5.3-d", versionCode: 503_900 },
    });
    const version = await session.json([
      "version",
      "--check-compat",
      "--device-id",
      device.serial,
      "--receiver-package",
      "com.clawperator.operator.dev",
    ]);
    expect(version).toMatchObject({ exitCode: 0, body: { compatible: true, apkVersion: "0.5.3-d" } });
  });

  it("each failure names its phase: a missing file, a file that is not an APK, an APK for another receiver package", async () => {
    const device = await session.startDevice({ scenario: "fresh" });
    const missing = await session.json([
      "operator",
      "setup",
      "--apk",
      "/nonexistent/operator.apk",
      "--device-id",
      device.serial,
    ]);
    expect(missing).toMatchObject({
      exitCode: 1,
      body: { code: "OPERATOR_APK_NOT_FOUND", details: { phase: "pre-install" } },
    });

    const notApk = join(session.harness.home, "notes.apk");
    await writeFile(notApk, "not an apk\n");
    const bad = await session.json(["operator", "setup", "--apk", notApk, "--device-id", device.serial]);
    expect(bad).toMatchObject({
      exitCode: 1,
      body: {
        code: "OPERATOR_INSTALL_FAILED",
        details: { phase: "install", output: expect.stringContaining("INSTALL_PARSE_FAILED_NOT_APK") },
      },
    });

    const release = await operatorApk("release.apk");
    const mismatch = await session.json([
      "operator",
      "setup",
      "--apk",
      release,
      "--device-id",
      device.serial,
      "--receiver-package",
      "com.clawperator.operator.dev",
    ]);
    expect(mismatch).toMatchObject({
      exitCode: 1,
      body: { code: "RECEIVER_VARIANT_MISMATCH", details: { phase: "pre-install", apkPackage: OPERATOR } },
    });
    expect(device.device.state.packages.get(OPERATOR)).toBeUndefined();
  });

  it("a real APK built by Android's tools installs on the virtual device, read from its binary manifest", async () => {
    const device = await session.startDevice({ scenario: "fresh" });
    const apk = join(REPO_ROOT, "node_modules/io.appium.settings/apks/settings_apk-debug.apk");
    const installed = await session.harness.adb(["-s", device.serial, "install", "-r", apk]);
    expect(String(installed.stdout)).toContain("Success");
    const dumpsys = await session.harness.adb([
      "-s",
      device.serial,
      "shell",
      "dumpsys",
      "package",
      "io.appium.settings",
    ]);
    expect(String(dumpsys.stdout)).toMatch(/^ {4}versionName=\d+\.\d+\.\d+$/m);
    expect(device.device.state.packages.get("io.appium.settings")).toMatchObject({ operator: false });
  });
});

describe("grant-device-permissions", () => {
  it("grants what a crash revoked, then reports every permission already enabled", async () => {
    const device = await session.startDevice({ scenario: "no-accessibility" });
    const first = await session.json<{ permissions: { permission: string; status: string }[] }>([
      "grant-device-permissions",
      "--device-id",
      device.serial,
    ]);
    expect(first).toMatchObject({ exitCode: 0, body: { ok: true, receiverPackage: OPERATOR, changed: true } });
    expect(first.body.permissions.map((p: { status: string }) => p.status)).toEqual([
      "granted",
      "granted",
      "already_enabled",
    ]);
    const second = await session.json<{ permissions: { permission: string; status: string }[] }>([
      "grant-device-permissions",
      "--device-id",
      device.serial,
    ]);
    expect(second.body).toMatchObject({ changed: false });
    expect(second.body.permissions.map((p: { status: string }) => p.status)).toEqual([
      "already_enabled",
      "already_enabled",
      "already_enabled",
    ]);
  });

  it("needs the receiver package installed: RECEIVER_NOT_INSTALLED, or RECEIVER_VARIANT_MISMATCH naming the other variant", async () => {
    const fresh = await session.startDevice({ scenario: "fresh" });
    expect(await session.json(["grant-device-permissions", "--device-id", fresh.serial])).toMatchObject({
      exitCode: 1,
      body: { code: "RECEIVER_NOT_INSTALLED" },
    });
    const debug = await session.startDevice({ scenario: "debug-operator" });
    expect(await session.json(["grant-device-permissions", "--device-id", debug.serial])).toMatchObject({
      exitCode: 1,
      body: {
        code: "RECEIVER_VARIANT_MISMATCH",
        hint: expect.stringContaining("--receiver-package com.clawperator.operator.dev"),
      },
    });
  });
});

describe("version", () => {
  it("prints the CLI version; --check-compat compares it with the installed Operator", async () => {
    const version = await session.json(["version"]);
    expect(version).toMatchObject({ exitCode: 0 });
    expect(version.body).toEqual({ version: packageVersion(), operatorProtocol: "0.5" });
    const device = await session.startDevice();
    const { exitCode, body } = await session.json(["version", "--check-compat", "--device-id", device.serial]);
    expect(exitCode).toBe(0);
    expect(body).toEqual({
      cliVersion: packageVersion(),
      operatorProtocol: "0.5",
      apkVersion: "0.5.3",
      apkVersionCode: 503_900,
      receiverPackage: OPERATOR,
      deviceId: device.serial,
      compatible: true,
      message: expect.stringContaining("is compatible"),
      remediation: [],
    });
  });

  it("an incompatible Operator: compatible false, VERSION_INCOMPATIBLE, remediation, exit 1", async () => {
    const device = await session.startDevice({ scenario: "outdated-operator" });
    const { exitCode, body } = await session.json<{ remediation: unknown[] }>([
      "version",
      "--check-compat",
      "--device-id",
      device.serial,
    ]);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({
      compatible: false,
      code: "VERSION_INCOMPATIBLE",
      apkVersion: "0.4.2",
      apkVersionCode: 402_900,
    });
    expect(body.remediation).toEqual([
      `Install Operator 0.5.x: clawperator operator setup --device-id ${device.serial}`,
    ]);
  });

  it("a newer Operator (0.6.0): remove it first, then install the 0.5 line; following the steps makes it compatible", async () => {
    const device = await session.startDevice();
    const newer = await operatorApk("operator-0.6.0.apk", "--version-name", "0.6.0");
    const upgrade = await session.json(["operator", "setup", "--apk", newer, "--device-id", device.serial]);
    expect(upgrade).toMatchObject({ body: { install: "updated" } });
    const check = await session.json<{ remediation: string[] }>([
      "version",
      "--check-compat",
      "--device-id",
      device.serial,
    ]);
    expect(check).toMatchObject({
      exitCode: 1,
      body: { compatible: false, code: "VERSION_INCOMPATIBLE", apkVersion: "0.6.0", apkVersionCode: 600_900 },
    });
    expect(check.body.remediation).toEqual([
      `Remove the newer Operator: adb -s ${device.serial} uninstall ${OPERATOR}`,
      `Then install Operator 0.5.x: clawperator operator setup --device-id ${device.serial}`,
    ]);
    const doctor = await session.json<DoctorReport>(["doctor", "--device-id", device.serial]);
    expect(doctor.exitCode).not.toBe(0);
    expect(doctor.body.checks.find((c) => c.id === "readiness.version.compatibility")).toMatchObject({
      status: "fail",
      code: "VERSION_INCOMPATIBLE",
      fix: { steps: check.body.remediation.map((value) => ({ kind: "manual", value })) },
    });

    const removed = await session.harness.adb(["-s", device.serial, "uninstall", OPERATOR]);
    expect(removed.stdout).toContain("Success");
    const release = await operatorApk("operator-0.5.3.apk", "--version-name", "0.5.3");
    const setup = await session.json(["operator", "setup", "--apk", release, "--device-id", device.serial]);
    expect(setup).toMatchObject({ exitCode: 0, body: { install: "installed" } });
    expect(await session.json(["version", "--check-compat", "--device-id", device.serial])).toMatchObject({
      exitCode: 0,
      body: { compatible: true, apkVersion: "0.5.3", apkVersionCode: 503_900 },
    });
  });

  it("the other variant only: RECEIVER_VARIANT_MISMATCH; nothing installed: RECEIVER_NOT_INSTALLED", async () => {
    const debug = await session.startDevice({ scenario: "debug-operator" });
    expect(await session.json(["version", "--check-compat", "--device-id", debug.serial])).toMatchObject({
      exitCode: 1,
      body: { code: "RECEIVER_VARIANT_MISMATCH" },
    });
    const fresh = await session.startDevice({ scenario: "fresh" });
    expect(await session.json(["version", "--check-compat", "--device-id", fresh.serial])).toMatchObject({
      exitCode: 1,
      body: { code: "RECEIVER_NOT_INSTALLED" },
    });
  });
});

describe("setup, permissions and version on devices that cannot take them", () => {
  it("an unauthorized device is DEVICE_UNAUTHORIZED for each command", async () => {
    const device = await session.startDevice({ authorized: false });
    const apk = await operatorApk("unauthorized.apk");
    const commands = [["operator", "setup", "--apk", apk], ["grant-device-permissions"], ["version", "--check-compat"]];
    for (const args of commands) {
      expect(await session.json([...args, "--device-id", device.serial])).toMatchObject({
        exitCode: 1,
        body: { code: "DEVICE_UNAUTHORIZED" },
      });
    }
  });

  it("both variants installed: version and grants target the release package unless told; setup follows the APK's own package", async () => {
    const device = await session.startDevice({ scenario: "both-operators" });
    expect(await session.json(["version", "--check-compat", "--device-id", device.serial])).toMatchObject({
      exitCode: 0,
      body: { receiverPackage: OPERATOR, compatible: true },
    });
    const apk = await operatorApk("both-debug.apk", "--variant", "debug", "--version-name", "0.5.4-d");
    const setup = await session.json(["operator", "setup", "--apk", apk, "--device-id", device.serial]);
    expect(setup).toMatchObject({
      exitCode: 0,
      body: { receiverPackage: "com.clawperator.operator.dev", install: "updated" },
    });
  });
});
