import { APK_PACKAGES, APK_REFERENCE_RELEASE } from "../../protocol/operator-apk-facts.ts";
import { accessibilityComponent, notificationListenerComponent } from "../../device/accessibility.ts";
import type { ScenarioSource } from "../schema/scenario-schema.ts";
import { demoApp } from "./demo-app.ts";
import { operatorApp, type OperatorAppOptions } from "./operator-app.ts";
import { DEVICE, phoneScenario } from "./phone.ts";
import { settingsApp } from "./settings-app.ts";

/** Secure settings with the accessibility service and notification listener of these operators enabled. */
const enabled = (...packages: string[]): Record<string, string> => ({
  accessibility_enabled: "1",
  enabled_accessibility_services: packages.map(accessibilityComponent).join(":"),
  enabled_notification_listeners: packages.map(notificationListenerComponent).join(":"),
});

const phone = (
  name: string,
  description: string,
  operators: OperatorAppOptions[],
  secure: Record<string, string>,
  global: Record<string, string> = {},
) => phoneScenario(name, description, [settingsApp(DEVICE), demoApp(), ...operators.map(operatorApp)], secure, global);

const { release, debug } = APK_PACKAGES;
/** A debug build names its version with `-d`. */
const DEBUG_NAME = `${APK_REFERENCE_RELEASE.versionName}-d`;

/**
 * The phone in each state `clawperator doctor` diagnoses (beside `default`, ready, and `fresh`, no Operator): so
 * doctor, `operator setup` and `grant-device-permissions` can be tried against every one of them.
 */
export const DOCTOR_STATE_SCENARIOS = {
  "no-accessibility": () =>
    phone(
      "no-accessibility",
      "The Operator installed, but its accessibility service and notification listener off (as after a crash).",
      [{}],
      {},
    ),
  "outdated-operator": () =>
    phone(
      "outdated-operator",
      "An old Operator (0.4.2) that is not on the 0.5 protocol line the CLI drives.",
      [{ versionName: "0.4.2", versionCode: 402_900 }],
      enabled(release),
    ),
  "debug-operator": () =>
    phone(
      "debug-operator",
      "Only the debug Operator (com.clawperator.operator.dev) installed and enabled.",
      [{ packageName: debug, versionName: DEBUG_NAME, versionCode: APK_REFERENCE_RELEASE.versionCode }],
      enabled(debug),
    ),
  "both-operators": () =>
    phone(
      "both-operators",
      "The release and the debug Operator both installed and enabled.",
      [{}, { packageName: debug, versionName: DEBUG_NAME, versionCode: APK_REFERENCE_RELEASE.versionCode }],
      enabled(release, debug),
    ),
  "dev-options-off": () =>
    phone(
      "dev-options-off",
      "Ready for Clawperator, but Developer options hidden (development_settings_enabled=0).",
      [{}],
      enabled(release),
      { development_settings_enabled: "0" },
    ),
  "usb-debugging-off": () =>
    phone(
      "usb-debugging-off",
      "Ready for Clawperator, but USB debugging off in Developer options (adb_enabled=0).",
      [{}],
      enabled(release),
      { adb_enabled: "0" },
    ),
} satisfies Record<string, () => ScenarioSource>;
