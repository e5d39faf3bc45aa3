/**
 * Component and permission names of the Operator APK, the same in the release and debug variants
 * (docs/protocol.md#operator-setup-and-permissions).
 */
export const ACCESSIBILITY_SERVICE_CLASS = "clawperator.operator.accessibilityservice.OperatorAccessibilityService";
export const NOTIFICATION_LISTENER_CLASS = "action.notification.NotificationListenerService";
export const POST_NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS";
export const OPERATOR_MAIN_ACTIVITY = "clawperator.activity.MainActivity";
