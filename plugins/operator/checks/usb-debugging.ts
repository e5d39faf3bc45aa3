import { globalSettingCheck } from "./device-setting.ts";

/** readiness.settings.usb_debugging (docs/doctor.md#device-requirements, requirement 2). */
export default globalSettingCheck({
  key: "adb_enabled",
  what: "USB debugging",
  code: "DEVICE_USB_DEBUGGING_DISABLED",
  guidance: {
    screen: "Settings > System > Developer options",
    steps: [
      "Open Settings > System > Developer options.",
      "Turn USB debugging on.",
      "Allow this computer when the device asks.",
    ],
  },
});
