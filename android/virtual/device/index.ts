export {
  accessibilityComponent,
  isAccessibilityServiceEnabled,
  notificationListenerComponent,
  OPERATOR_ACCESSIBILITY_SERVICE,
  OPERATOR_NOTIFICATION_LISTENER,
} from "./accessibility.ts";
export { derivedProperties } from "./device-properties.ts";
export { createDeviceState, type DeviceState, type DeviceStateOptions } from "./device-state.ts";
export { LogBuffer, type LogBufferOptions, type LogListener } from "./log-buffer.ts";
export type { DeviceLogWriter, LogEntry, LogPriority } from "./log-types.ts";
export {
  PackageRegistry,
  type InstalledPackage,
  type PackageEvent,
  type PackageListener,
  type PackageSpec,
} from "./packages.ts";
export { checkPermissionChange, type PermissionChange } from "./permissions.ts";
export { ProcessTable, SYSTEM_SERVER_PID } from "./processes.ts";
export { DeviceProperties } from "./properties.ts";
export { ReceiverRegistry, type BroadcastReceiver } from "./receivers.ts";
export { isSettingsNamespace, SETTINGS_NAMESPACES, SettingsStore, type SettingsNamespace } from "./settings-store.ts";
export {
  decodeVirtualApk,
  encodeVirtualApk,
  PACKAGE_NAME,
  VIRTUAL_APK_FORMAT,
  VirtualApkSchema,
  type DecodedApk,
  type VirtualApk,
  type VirtualApkInput,
} from "./virtual-apk.ts";
export { ERRNO, isErrno, strerror, type Errno } from "./errno.ts";
export {
  canonicalPath,
  UID,
  VirtualFileSystem,
  type DirectoryEntry,
  type FileHandle,
  type FileStat,
} from "./virtual-fs.ts";
