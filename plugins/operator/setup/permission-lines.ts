import type { PermissionResult } from "../../../android/operator/operator-permissions.ts";

const MARK: Record<PermissionResult["status"], string> = {
  granted: "+",
  already_enabled: "=",
  skipped: "-",
  failed: "x",
};

/** One line per permission, for people: `+ accessibility_service  granted: ...`. */
export const permissionLines = (permissions: readonly PermissionResult[]): string[] =>
  permissions.map((p) => `  ${MARK[p.status]} ${p.permission.padEnd(22)} ${p.status.replace("_", " ")}: ${p.detail}`);
