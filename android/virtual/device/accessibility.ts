import { APK_ACCESSIBILITY_SERVICE, APK_NOTIFICATION_LISTENER, APK_PACKAGES } from "../protocol/operator-apk-facts.ts";
import type { SettingsStore } from "./settings-store.ts";

/** The Operator APK's accessibility service class (the same in the release and debug variants). */
export const OPERATOR_ACCESSIBILITY_SERVICE = APK_ACCESSIBILITY_SERVICE;
/** The Operator APK's notification listener class. */
export const OPERATOR_NOTIFICATION_LISTENER = APK_NOTIFICATION_LISTENER;

export const accessibilityComponent = (packageName: string): string =>
  `${packageName}/${OPERATOR_ACCESSIBILITY_SERVICE}`;
export const notificationListenerComponent = (packageName: string): string =>
  `${packageName}/${OPERATOR_NOTIFICATION_LISTENER}`;

/**
 * Whether Android would bind the operator's accessibility service: accessibility is on and the component is in
 * `enabled_accessibility_services` (a `:`-separated list).
 */
export function isAccessibilityServiceEnabled(settings: SettingsStore, packageName: string): boolean {
  if (settings.get("secure", "accessibility_enabled") !== "1") return false;
  const enabled = settings.get("secure", "enabled_accessibility_services") ?? "";
  return enabled.split(":").includes(accessibilityComponent(packageName));
}

/**
 * The scenario screen an Operator's launcher activity shows: `operator` for the release package, `operator:<pkg>`
 * for another variant (so both can be installed). An Operator APK installed later opens it when the scenario has it.
 */
export const operatorLaunchScreen = (packageName: string): string =>
  packageName === APK_PACKAGES.release ? "operator" : `operator:${packageName}`;
