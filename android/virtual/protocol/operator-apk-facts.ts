/**
 * What the real Operator APK is, as a phone shows it: its packages, the broadcast it listens for, its components and
 * the prefixes of the log lines a host reads. The virtual device keeps its own copy, written from the APK's
 * documented behaviour (docs/protocol.md), and never the host's: test/android/virtual/protocol-drift.test.ts fails
 * when the two copies differ, so a mistake on one side is caught by the other instead of being reproduced.
 */

/** The release package and the debug build's. */
export const APK_PACKAGES = {
  release: "com.clawperator.operator",
  debug: "com.clawperator.operator.dev",
} as const;

/** The broadcast action the APK's receiver is registered for (the spec's `com.clawperator…` name is not it). */
export const APK_COMMAND_ACTION = "app.clawperator.operator.ACTION_AGENT_COMMAND";

/** Class names inside either package; a component is `<package>/<class>`. */
export const APK_ACCESSIBILITY_SERVICE = "clawperator.operator.accessibilityservice.OperatorAccessibilityService";
export const APK_NOTIFICATION_LISTENER = "action.notification.NotificationListenerService";
export const APK_MAIN_ACTIVITY = "clawperator.activity.MainActivity";
export const APK_POST_NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS";

/** The start of the one log message that carries an execution's envelope: the prefix, then one space, then JSON. */
export const APK_RESULT_PREFIX = "[Clawperator-Result] ";
/** The start of the command lifecycle lines (`start`, `stage-…`, `success`, `failure`). */
export const APK_COMMAND_PREFIX = "[Clawperator-Command]";
/** The first line of a snapshot_ui hierarchy message: no commandId follows it. */
export const APK_HIERARCHY_MARKER = "[TaskScope] UI Hierarchy:";

/**
 * The release the virtual Operator reports by default: 0.5.3, whose versionCode the APK's build computes as
 * major·10,000,000 + minor·100,000 + patch·1,000 + 900 for a release.
 */
export const APK_REFERENCE_RELEASE = { versionName: "0.5.3", versionCode: 503_900 } as const;
