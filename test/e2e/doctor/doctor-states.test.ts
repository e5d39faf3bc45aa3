import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorReport } from "../../../core/doctor/report.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { ALL_IDS, check, HOST_IDS, outline, READINESS_IDS } from "./report.ts";

// One private adb server; one virtual device per state doctor diagnoses.
const session = virtualSession();
const doctor = (serial: string, ...flags: string[]) =>
  session.json<DoctorReport>(["doctor", "--device-id", serial, ...flags]);
const passing = (ids: string[]) => ids.map((id) => [id, "pass", undefined]);

describe("doctor on virtual devices in every state it diagnoses", () => {
  it("a ready device: every check of the spec, in order, passes; exit 0 and the next action to try", async () => {
    const device = await session.startDevice();
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(0);
    expect(outline(body)).toEqual(passing(ALL_IDS));
    expect(body).toMatchObject({
      ok: true,
      criticalOk: true,
      deviceId: device.serial,
      receiverPackage: "com.clawperator.operator",
    });
    expect(body.nextActions).toEqual([`Try: clawperator observe snapshot --device-id ${device.serial}`]);
    expect(check(body, "device.capability").evidence).toEqual({ sdk: 34, wmSize: "1080x2400", wmDensity: 420 });
    expect(check(body, "readiness.version.compatibility").evidence).toEqual({
      cliVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      operatorProtocol: "0.5",
      apkVersion: "0.5.3",
      apkVersionCode: 503_900,
      receiverPackage: "com.clawperator.operator",
    });
    expect(check(body, "readiness.handshake")).toMatchObject({
      summary: "Handshake successful.",
      evidence: {
        commandId: expect.stringMatching(/^handshake-\d+$/),
        developer_options_enabled: "true",
        usb_debugging_enabled: "true",
      },
    });
  });

  it("no Operator installed: apk.presence fails (critical), the settings checks run, the checks that need the Operator are left out; one fix, with its offline form; --check-only exits 0", async () => {
    const device = await session.startDevice({ scenario: "fresh" });
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(1);
    expect(outline(body)).toEqual([
      ...passing([...HOST_IDS, "device.discovery", "device.capability"]),
      ["readiness.apk.presence", "fail", "RECEIVER_NOT_INSTALLED"],
      ...passing(["readiness.settings.dev_options", "readiness.settings.usb_debugging"]),
    ]);
    expect(body).toMatchObject({ ok: false, criticalOk: false });
    // dumpsys's answer for a missing package is not shown anywhere.
    expect(JSON.stringify(body)).not.toContain("Dexopt state");
    const setup = `clawperator operator setup --device-id ${device.serial}`;
    expect(body.nextActions).toEqual([
      `Install it with permissions: ${setup}`,
      `Without the network, from an APK file you have: ${setup} --apk <file> (see docs/operator-apk.md)`,
    ]);

    const checkOnly = await doctor(device.serial, "--check-only");
    expect(checkOnly.exitCode).toBe(0);
    expect(outline(checkOnly.body)).toEqual(outline(body));
  });

  it("accessibility off: the handshake fails with DEVICE_ACCESSIBILITY_NOT_RUNNING; --fix runs grant-device-permissions and the next run passes", async () => {
    const device = await session.startDevice({ scenario: "no-accessibility" });
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(1);
    expect(outline(body).at(-1)).toEqual(["readiness.handshake", "fail", "DEVICE_ACCESSIBILITY_NOT_RUNNING"]);
    const grant =
      `clawperator grant-device-permissions --device-id ${device.serial} --receiver-package ` +
      `com.clawperator.operator`;
    expect(check(body, "readiness.handshake").fix?.steps).toEqual([{ kind: "shell", value: grant }]);
    expect(body.nextActions).toEqual([grant]);

    const fixed = await doctor(device.serial, "--fix");
    expect(fixed.exitCode).toBe(1);
    expect(fixed.body.fixes).toEqual([
      { checkId: "readiness.handshake", step: grant, ok: true, exitCode: 0, output: expect.any(String) },
    ]);
    // The shell step ran, so it is not a next action any more; checks are not re-run after fixes.
    expect(fixed.body.nextActions).toBeUndefined();
    const after = await doctor(device.serial);
    expect(after.exitCode).toBe(0);
    expect(outline(after.body)).toEqual(passing(ALL_IDS));
  });

  it("an outdated Operator: VERSION_INCOMPATIBLE halts before the handshake", async () => {
    const device = await session.startDevice({ scenario: "outdated-operator" });
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(1);
    expect(outline(body).slice(-2)).toEqual([
      ["readiness.apk.presence", "pass", undefined],
      ["readiness.version.compatibility", "fail", "VERSION_INCOMPATIBLE"],
    ]);
    const version = check(body, "readiness.version.compatibility");
    expect(version.evidence).toMatchObject({ apkVersion: "0.4.2", apkVersionCode: 402_900, operatorProtocol: "0.5" });
    expect(version.fix?.steps.map((s) => s.value)).toEqual([
      `Install Operator 0.5.x: clawperator operator setup --device-id ${device.serial}`,
    ]);
  });

  it("only the debug variant: a variant-mismatch warning, the release package's compatibility skipped; --receiver-package .dev passes", async () => {
    const device = await session.startDevice({ scenario: "debug-operator" });
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(1);
    expect(outline(body).slice(-5)).toEqual([
      ["readiness.apk.presence", "warn", "RECEIVER_VARIANT_MISMATCH"],
      ["readiness.version.compatibility", "warn", undefined],
      ...passing(["readiness.settings.dev_options", "readiness.settings.usb_debugging"]),
      ["readiness.handshake", "fail", "RECEIVER_NOT_INSTALLED"],
    ]);
    expect(check(body, "readiness.apk.presence").fix?.steps[0]).toEqual({
      kind: "manual",
      value: "Pass --receiver-package com.clawperator.operator.dev to clawperator commands.",
    });

    const dev = await doctor(device.serial, "--receiver-package", "com.clawperator.operator.dev");
    expect(dev.exitCode).toBe(0);
    expect(outline(dev.body)).toEqual(passing(ALL_IDS));
    expect(dev.body.receiverPackage).toBe("com.clawperator.operator.dev");
  });

  it("both variants installed: each package passes when targeted", async () => {
    const device = await session.startDevice({ scenario: "both-operators" });
    for (const pkg of ["com.clawperator.operator", "com.clawperator.operator.dev"]) {
      const { exitCode, body } = await doctor(device.serial, "--receiver-package", pkg);
      expect(exitCode).toBe(0);
      expect(check(body, "readiness.apk.presence").evidence).toEqual({
        receiverPackage: pkg,
        installedVariants: [pkg, pkg.endsWith(".dev") ? "com.clawperator.operator" : "com.clawperator.operator.dev"],
      });
    }
  });

  it("Developer options and USB debugging off are advisory warnings: exit 0, ok; --fix turns the setting on", async () => {
    for (const [scenario, id, code, key] of [
      [
        "dev-options-off",
        "readiness.settings.dev_options",
        "DEVICE_DEV_OPTIONS_DISABLED",
        "development_settings_enabled",
      ],
      ["usb-debugging-off", "readiness.settings.usb_debugging", "DEVICE_USB_DEBUGGING_DISABLED", "adb_enabled"],
    ] as const) {
      const device = await session.startDevice({ scenario });
      const { exitCode, body } = await doctor(device.serial);
      expect(exitCode).toBe(0);
      expect(body.ok).toBe(true);
      expect(outline(body)).toEqual(ALL_IDS.map((c) => (c === id ? [c, "warn", code] : [c, "pass", undefined])));
      expect(check(body, id)).toMatchObject({
        deviceGuidance: { screen: expect.stringContaining("Settings") },
        evidence: { [key]: "0" },
      });

      const fixed = await doctor(device.serial, "--fix");
      expect(fixed.body.fixes).toEqual([
        {
          checkId: id,
          step: `adb -s ${device.serial} shell settings put global ${key} 1`,
          ok: true,
          exitCode: 0,
          output: "",
        },
      ]);
      expect(device.device.state.settings.get("global", key)).toBe("1");
    }
  });

  it("--full installs the --apk and launches the Operator between discovery and capability, and runs the smoke test after the handshake", async () => {
    const device = await session.startDevice({ scenario: "no-accessibility" });
    const apk = join(session.harness.home, "full-operator.apk");
    expect((await session.json(["virtual", "operator-apk", "--out", apk])).exitCode).toBe(0);
    // Installing (an update here) grants nothing: the handshake tells, and the smoke test is not reached.
    const installed = await doctor(device.serial, "--full", "--apk", apk);
    expect(outline(installed.body)).toEqual([
      ...passing([
        ...HOST_IDS,
        "device.discovery",
        "build.android.install",
        "build.android.launch",
        "device.capability",
        ...READINESS_IDS.slice(0, 4),
      ]),
      ["readiness.handshake", "fail", "DEVICE_ACCESSIBILITY_NOT_RUNNING"],
    ]);
    expect((await session.json(["grant-device-permissions", "--device-id", device.serial])).exitCode).toBe(0);
    const full = await doctor(device.serial, "--full");
    expect(full.exitCode).toBe(0);
    expect(outline(full.body)).toEqual([
      ...passing([...HOST_IDS, "device.discovery"]),
      ["build.android.install", "warn", undefined],
      ...passing(["build.android.launch", "device.capability", ...READINESS_IDS, "readiness.smoke"]),
    ]);
  });

  it("an unauthorized device: device.discovery fails with DEVICE_UNAUTHORIZED and halts", async () => {
    const device = await session.startDevice({ authorized: false });
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(1);
    expect(outline(body)).toEqual([...passing(HOST_IDS), ["device.discovery", "fail", "DEVICE_UNAUTHORIZED"]]);
    expect(check(body, "device.discovery").deviceGuidance?.screen).toBe("Allow USB debugging? dialog");
    expect(body.deviceId).toBeUndefined();
  });

  it("an offline device: DEVICE_OFFLINE, with `adb reconnect offline` as the fix", async () => {
    const device = await session.startDevice();
    device.server.goOffline();
    await session.harness.waitForDevices((listed) => listed.get(device.serial) === "offline");
    const { exitCode, body } = await doctor(device.serial);
    expect(exitCode).toBe(1);
    expect(outline(body)).toEqual([...passing(HOST_IDS), ["device.discovery", "fail", "DEVICE_OFFLINE"]]);
    expect(check(body, "device.discovery").fix?.steps[0]).toEqual({ kind: "shell", value: "adb reconnect offline" });
    device.server.goOnline();
  });

  it("no adb on PATH: host.adb.presence fails with ADB_NOT_FOUND and halts", async () => {
    const { exitCode, body } = await session.json<DoctorReport>(["doctor"], { env: { PATH: "/nonexistent" } });
    expect(exitCode).toBe(1);
    expect(outline(body)).toEqual([
      ["host.node.version", "pass", undefined],
      ["host.adb.presence", "fail", "ADB_NOT_FOUND"],
    ]);
    expect(body.nextActions?.[0]).toContain("Install adb");
  });

  it("pretty output groups critical and advisory findings with their fixes and ends with a verdict, without colour off a terminal", async () => {
    const device = await session.startDevice({ scenario: "no-accessibility" });
    const { exitCode, stdout } = await session.cli(["doctor", "--device-id", device.serial, "--output", "pretty"]);
    expect(exitCode).toBe(1);
    expect(stdout).not.toContain("\x1b[");
    expect(stdout).toContain("Critical\n  ✗ readiness.handshake  The Operator answered the handshake with an error");
    expect(stdout).toContain(`        $ clawperator grant-device-permissions --device-id ${device.serial}`);
    expect(stdout).toMatch(/^9 checks passed: host\.node\.version, /m);
    expect(stdout).toContain("Not ready: readiness.handshake failed.");
  });
});
