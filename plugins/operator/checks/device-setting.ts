import type { DoctorCheck, DoctorCheckResult } from "../../../core/kernel/index.ts";
import { readinessFacts, type ReadinessFacts } from "./readiness-facts.ts";

interface SettingCheck {
  key: keyof ReadinessFacts["settings"];
  what: string;
  code: "DEVICE_DEV_OPTIONS_DISABLED" | "DEVICE_USB_DEBUGGING_DISABLED";
  guidance: NonNullable<DoctorCheckResult["deviceGuidance"]>;
}

/**
 * An advisory check of one global setting (`1` = on, docs/protocol.md#device-facts-doctor-reads). The fix writes the
 * setting over adb, which the shell user may do; the device guidance says how a person does it on the phone.
 */
export function globalSettingCheck(spec: SettingCheck): DoctorCheck {
  return {
    async run(ctx) {
      const serial = ctx.deviceId!;
      const value = (await readinessFacts(ctx)).settings[spec.key];
      const evidence = { [spec.key]: value };
      if (value === "1") return { status: "pass", summary: `${spec.what} enabled.`, evidence };
      return {
        status: "warn",
        code: spec.code,
        summary: `${spec.what} disabled (${spec.key}=${value}).`,
        fix: {
          title: `Enable ${spec.what}`,
          platform: "any",
          steps: [
            { kind: "shell", value: `adb -s ${serial} shell settings put global ${spec.key} 1` },
            { kind: "manual", value: `Or on the device: ${spec.guidance.steps.join(" ")}` },
          ],
        },
        deviceGuidance: spec.guidance,
        evidence,
      };
    },
  };
}
