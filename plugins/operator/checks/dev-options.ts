import { globalSettingCheck } from "./device-setting.ts";

/** readiness.settings.dev_options (docs/doctor.md#device-requirements, requirement 1). */
export default globalSettingCheck({
  key: "development_settings_enabled",
  what: "Developer options",
  code: "DEVICE_DEV_OPTIONS_DISABLED",
  guidance: {
    screen: "Settings > About phone",
    steps: [
      "Open Settings > About phone.",
      'Tap Build number 7 times until "You are now a developer" shows.',
      "Go back: Developer options now appears under System.",
    ],
  },
});
