import type { InstalledPackage } from "./packages.ts";

/** Runtime ("dangerous") permissions, with the SDK level that introduced them. */
const RUNTIME_PERMISSIONS: Readonly<Record<string, number>> = {
  READ_CALENDAR: 23,
  WRITE_CALENDAR: 23,
  CAMERA: 23,
  READ_CONTACTS: 23,
  WRITE_CONTACTS: 23,
  GET_ACCOUNTS: 23,
  ACCESS_FINE_LOCATION: 23,
  ACCESS_COARSE_LOCATION: 23,
  RECORD_AUDIO: 23,
  READ_PHONE_STATE: 23,
  CALL_PHONE: 23,
  READ_CALL_LOG: 23,
  WRITE_CALL_LOG: 23,
  ADD_VOICEMAIL: 23,
  USE_SIP: 23,
  BODY_SENSORS: 23,
  SEND_SMS: 23,
  RECEIVE_SMS: 23,
  READ_SMS: 23,
  RECEIVE_WAP_PUSH: 23,
  RECEIVE_MMS: 23,
  READ_EXTERNAL_STORAGE: 23,
  WRITE_EXTERNAL_STORAGE: 23,
  READ_PHONE_NUMBERS: 26,
  ANSWER_PHONE_CALLS: 26,
  ACCEPT_HANDOVER: 28,
  ACCESS_BACKGROUND_LOCATION: 29,
  ACTIVITY_RECOGNITION: 29,
  ACCESS_MEDIA_LOCATION: 29,
  BLUETOOTH_SCAN: 31,
  BLUETOOTH_CONNECT: 31,
  BLUETOOTH_ADVERTISE: 31,
  UWB_RANGING: 31,
  POST_NOTIFICATIONS: 33,
  READ_MEDIA_IMAGES: 33,
  READ_MEDIA_VIDEO: 33,
  READ_MEDIA_AUDIO: 33,
  NEARBY_WIFI_DEVICES: 33,
  BODY_SENSORS_BACKGROUND: 33,
  READ_MEDIA_VISUAL_USER_SELECTED: 34,
};

/** Install-time permissions: they exist, but `pm grant` refuses them. */
const NORMAL_PERMISSIONS = new Set([
  "INTERNET",
  "ACCESS_NETWORK_STATE",
  "ACCESS_WIFI_STATE",
  "CHANGE_WIFI_STATE",
  "BLUETOOTH",
  "BLUETOOTH_ADMIN",
  "WAKE_LOCK",
  "VIBRATE",
  "FOREGROUND_SERVICE",
  "RECEIVE_BOOT_COMPLETED",
  "SYSTEM_ALERT_WINDOW",
  "WRITE_SETTINGS",
  "REQUEST_INSTALL_PACKAGES",
  "QUERY_ALL_PACKAGES",
  "SCHEDULE_EXACT_ALARM",
  "USE_FULL_SCREEN_INTENT",
  "NFC",
  "BIND_ACCESSIBILITY_SERVICE",
  "BIND_NOTIFICATION_LISTENER_SERVICE",
  "PACKAGE_USAGE_STATS",
  "WRITE_SECURE_SETTINGS",
]);

const PREFIX = "android.permission.";

export type PermissionChange = { ok: true } | { ok: false; exception: string };

/** The exception PackageManager throws for a `pm grant`/`pm revoke`, or ok. Granting twice is not an error. */
export function checkPermissionChange(
  pkg: InstalledPackage | undefined,
  packageName: string,
  permission: string,
  sdk: number,
): PermissionChange {
  if (!pkg) return { ok: false, exception: `java.lang.IllegalArgumentException: Unknown package: ${packageName}` };
  const name = permission.startsWith(PREFIX) ? permission.slice(PREFIX.length) : undefined;
  const since = name === undefined ? undefined : RUNTIME_PERMISSIONS[name];
  if (since === undefined || since > sdk) {
    if (name !== undefined && NORMAL_PERMISSIONS.has(name)) {
      return {
        ok: false,
        exception:
          `java.lang.SecurityException: Permission ${permission} requested by ${packageName} is not a ` +
          `changeable permission type`,
      };
    }
    return { ok: false, exception: `java.lang.IllegalArgumentException: Unknown permission: ${permission}` };
  }
  if (pkg.requested && !pkg.requested.has(permission)) {
    return {
      ok: false,
      exception: `java.lang.SecurityException: Package ${packageName} has not requested permission ${permission}`,
    };
  }
  return { ok: true };
}
