import {
  APK_ACCESSIBILITY_SERVICE,
  APK_MAIN_ACTIVITY,
  APK_NOTIFICATION_LISTENER,
  APK_POST_NOTIFICATIONS,
} from "../protocol/operator-apk-facts.ts";
import { compileBinaryXml, type XmlElement } from "./binary-xml.ts";
import { zipFiles } from "./zip-store.ts";

export interface OperatorApkOptions {
  packageName: string;
  versionName: string;
  versionCode: number;
  label?: string;
}

const el = (name: string, attributes: XmlElement["attributes"], children: XmlElement[] = []): XmlElement => ({
  name,
  attributes,
  children,
});
const android = (name: string, value: string | number | boolean) => ({ name, android: true, value });

/**
 * A real APK file for the virtual device (and any tool that reads APKs): a ZIP with a binary AndroidManifest.xml
 * declaring the Operator's package, version, POST_NOTIFICATIONS, launcher activity, accessibility service and
 * notification listener, as the real Operator's manifest does. It carries no code: the virtual device runs its own
 * operator for a package whose manifest declares the Operator's accessibility service.
 */
export function buildOperatorApk(options: OperatorApkOptions): Buffer {
  const manifest = el(
    "manifest",
    [
      { name: "package", value: options.packageName },
      android("versionCode", options.versionCode),
      android("versionName", options.versionName),
    ],
    [
      el("uses-sdk", [android("minSdkVersion", 24), android("targetSdkVersion", 34)]),
      el("uses-permission", [android("name", APK_POST_NOTIFICATIONS)]),
      el(
        "application",
        [android("label", options.label ?? "Clawperator Operator")],
        [
          el(
            "activity",
            [android("name", APK_MAIN_ACTIVITY), android("exported", true)],
            [
              el(
                "intent-filter",
                [],
                [
                  el("action", [android("name", "android.intent.action.MAIN")]),
                  el("category", [android("name", "android.intent.category.LAUNCHER")]),
                ],
              ),
            ],
          ),
          el(
            "service",
            [
              android("name", APK_ACCESSIBILITY_SERVICE),
              android("permission", "android.permission.BIND_ACCESSIBILITY_SERVICE"),
              android("exported", true),
            ],
            [
              el(
                "intent-filter",
                [],
                [el("action", [android("name", "android.accessibilityservice.AccessibilityService")])],
              ),
            ],
          ),
          el(
            "service",
            [
              android("name", APK_NOTIFICATION_LISTENER),
              android("permission", "android.permission.BIND_NOTIFICATION_LISTENER_SERVICE"),
              android("exported", true),
            ],
            [
              el(
                "intent-filter",
                [],
                [el("action", [android("name", "android.service.notification.NotificationListenerService")])],
              ),
            ],
          ),
        ],
      ),
    ],
  );
  return zipFiles([{ name: "AndroidManifest.xml", data: compileBinaryXml(manifest) }]);
}
