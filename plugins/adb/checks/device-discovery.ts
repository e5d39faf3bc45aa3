import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { ErrorCode } from "../../../core/contracts/error-codes.ts";
import { SelectedDevice } from "../../../core/doctor/facts.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import type { DoctorCheck, DoctorCheckResult } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";

type Remedy = Pick<DoctorCheckResult, "fix" | "deviceGuidance">;

const manual = (title: string, value: string): Remedy => ({
  fix: { title, platform: "any", steps: [{ kind: "manual", value }] },
});

/** What a person does about each way device selection fails. */
function remedy(code: ErrorCode, devices: string[]): Remedy {
  switch (code) {
    case "NO_DEVICES":
      return manual(
        "Connect an Android device",
        "Connect a phone with USB debugging on, start an emulator (clawperator emulator provision), or run " +
          "`clawperator virtual start`.",
      );
    case "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED":
    case "DEVICE_NOT_FOUND":
      return manual(
        "Choose one device",
        `Pass --device-id <serial>${devices.length ? ` (connected: ${devices.join(", ")})` : ""}; ` +
          `\`clawperator devices\` lists them.`,
      );
    case "DEVICE_UNAUTHORIZED":
      return {
        ...manual(
          "Authorize this computer on the device",
          'Unlock the device and tap Allow on the "Allow USB debugging?" prompt.',
        ),
        deviceGuidance: {
          screen: "Allow USB debugging? dialog",
          steps: [
            "Unlock the device.",
            'Check "Always allow from this computer".',
            "Tap Allow.",
            "If no prompt shows, toggle USB debugging off and on in Developer options and reconnect.",
          ],
        },
      };
    case "DEVICE_OFFLINE":
      return {
        fix: {
          title: "Reconnect the offline device",
          platform: "any",
          steps: [
            { kind: "shell", value: "adb reconnect offline" },
            { kind: "manual", value: "Unplug and replug the USB cable if it stays offline." },
          ],
        },
      };
    case "ADB_NO_USB_PERMISSIONS":
      return manual(
        "Give your user access to the USB device",
        "Add a udev rule for the device (Linux) or run adb with USB access, then `adb kill-server`.",
      );
    default:
      return {};
  }
}

/** device.discovery: exactly one ready device, or the one --device-id names (docs/execution.md#device-selection). */
const check: DoctorCheck = {
  async run({ services, globals, config, facts }) {
    const devices = await services.resolve(Transport).listDevices();
    const evidence = { devices: devices.map((d) => ({ serial: d.serial, state: d.state })) };
    try {
      const serial = selectDevice(devices, globals.deviceId ?? config.deviceId);
      facts.set(SelectedDevice, serial);
      const model = devices.find((d) => d.serial === serial)?.properties?.model;
      return {
        status: "pass",
        summary: `Device ${serial}${model ? ` (${model.replaceAll("_", " ")})` : ""} is connected and authorized.`,
        evidence,
      };
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      return {
        status: "fail",
        code: error.code,
        summary: error.message,
        ...(error.hint ? { detail: error.hint } : {}),
        ...remedy(
          error.code,
          devices.map((d) => d.serial),
        ),
        evidence,
      };
    }
  },
};

export default check;
