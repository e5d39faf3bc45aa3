import { describe, expect, it } from "vitest";
import type { DoctorReport } from "../../../core/doctor/report.ts";
import { COLOURS, paletteFor, PLAIN, renderDoctor } from "../../../plugins/doctor/render-pretty.ts";

const report: DoctorReport = {
  ok: false,
  criticalOk: false,
  deviceId: "emulator-5554",
  receiverPackage: "com.clawperator.operator",
  checks: [
    { id: "host.adb.server", status: "pass", summary: "adb server is running." },
    {
      id: "readiness.settings.dev_options",
      status: "warn",
      code: "DEVICE_DEV_OPTIONS_DISABLED",
      summary: "Developer options disabled.",
      deviceGuidance: { screen: "Settings > About phone", steps: ["Tap Build number 7 times."] },
    },
    {
      id: "readiness.handshake",
      status: "fail",
      code: "DEVICE_ACCESSIBILITY_NOT_RUNNING",
      summary: "No handshake.",
      detail: "SERVICE_UNAVAILABLE",
      fix: {
        title: "Re-grant",
        platform: "any",
        steps: [
          { kind: "shell", value: "clawperator grant-device-permissions" },
          { kind: "manual", value: "Or toggle it in Settings." },
        ],
      },
    },
  ],
  nextActions: ["Or toggle it in Settings."],
  fixes: [
    { checkId: "readiness.handshake", step: "clawperator grant-device-permissions", ok: true, exitCode: 0, output: "" },
  ],
};

describe("doctor's pretty output", () => {
  it("groups critical and advisory findings with fixes and guidance, counts passes, lists fixes run, and ends with a verdict", () => {
    expect(
      renderDoctor(report, new Set(["host.adb.server", "readiness.handshake"]), PLAIN),
    ).toBe(`Clawperator doctor · emulator-5554 · com.clawperator.operator

Critical
  ✗ readiness.handshake  No handshake.  [DEVICE_ACCESSIBILITY_NOT_RUNNING]
      SERVICE_UNAVAILABLE
      fix: Re-grant
        $ clawperator grant-device-permissions
        - Or toggle it in Settings.

Advisory
  ! readiness.settings.dev_options  Developer options disabled.  [DEVICE_DEV_OPTIONS_DISABLED]
      on the device (Settings > About phone):
        1. Tap Build number 7 times.

1 check passed: host.adb.server

Fixes run
  ✓ $ clawperator grant-device-permissions

Not ready: readiness.handshake failed.

Next actions
  - Or toggle it in Settings.`);
  });

  it("colours only a terminal, and never with NO_COLOR", () => {
    expect(paletteFor({ isTTY: true }, {})).toBe(COLOURS);
    expect(paletteFor({ isTTY: true }, { NO_COLOR: "1" })).toBe(PLAIN);
    expect(paletteFor({ isTTY: false }, {})).toBe(PLAIN);
    expect(renderDoctor(report, new Set(["readiness.handshake"]), COLOURS)).toContain(
      "\x1b[31m✗\x1b[0m readiness.handshake",
    );
  });
});
