import { describe, expect, it } from "vitest";
import { componentList, grantOperatorPermissions } from "../../../android/operator/operator-permissions.ts";
import type { ShellResult, Transport } from "../../../core/services/transport.ts";

const PKG = "com.clawperator.operator";
const A11Y = `${PKG}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`;
const LISTENER = `${PKG}/action.notification.NotificationListenerService`;

/** A device shell that keeps secure settings and answers pm grant with a scripted result; records every command. */
function fakeDevice(secure: Record<string, string>, pmGrant: ShellResult, dumpsys = "") {
  const commands: string[] = [];
  const transport = {
    async shell(_serial: string, command: string): Promise<ShellResult> {
      commands.push(command);
      const get = /^settings get secure (\S+)$/.exec(command);
      if (get) return { stdout: `${secure[get[1]!] ?? "null"}\n`, stderr: "", exitCode: 0 };
      const put = /^settings put secure (\S+) '?([^']*)'?$/.exec(command);
      if (put) {
        secure[put[1]!] = put[2]!;
        return { stdout: "", stderr: "", exitCode: 0 };
      }
      if (command.startsWith("pm grant")) return pmGrant;
      if (command.startsWith("dumpsys package")) return { stdout: dumpsys, stderr: "", exitCode: 0 };
      return { stdout: "", stderr: "unexpected", exitCode: 127 };
    },
  } as unknown as Transport;
  return { transport, commands, secure };
}

const ok: ShellResult = { stdout: "", stderr: "", exitCode: 0 };

describe("grantOperatorPermissions", () => {
  it("appends to the colon-separated settings, keeping other services, and turns accessibility on", async () => {
    const device = fakeDevice(
      {
        enabled_accessibility_services: "com.a/.A:com.b/.B",
        enabled_notification_listeners: "null",
        accessibility_enabled: "0",
      },
      ok,
    );
    const results = await grantOperatorPermissions(device.transport, "s", PKG);
    expect(results.map((r) => [r.permission, r.status])).toEqual([
      ["accessibility_service", "granted"],
      ["notification_listener", "granted"],
      ["post_notifications", "granted"],
    ]);
    expect(device.secure).toEqual({
      enabled_accessibility_services: `com.a/.A:com.b/.B:${A11Y}`,
      enabled_notification_listeners: LISTENER,
      accessibility_enabled: "1",
    });
    expect(device.commands).toContain(`settings put secure enabled_accessibility_services 'com.a/.A:com.b/.B:${A11Y}'`);
    expect(device.commands).toContain(`pm grant '${PKG}' android.permission.POST_NOTIFICATIONS`);
  });

  it("writes nothing when every grant is in place", async () => {
    const device = fakeDevice(
      {
        enabled_accessibility_services: A11Y,
        enabled_notification_listeners: `x/.Y:${LISTENER}`,
        accessibility_enabled: "1",
      },
      ok,
      "      runtime permissions:\n        android.permission.POST_NOTIFICATIONS: granted=true, flags=[ USER_SET ]\n",
    );
    const results = await grantOperatorPermissions(device.transport, "s", PKG);
    expect(results.map((r) => r.status)).toEqual(["already_enabled", "already_enabled", "already_enabled"]);
    expect(device.commands.filter((c) => c.includes(" put ") || c.startsWith("pm grant"))).toEqual([]);
  });

  it.each([
    "Exception occurred while executing 'grant':\n" +
      "java.lang.IllegalArgumentException: Unknown permission: android.permission.POST_NOTIFICATIONS",
    "java.lang.SecurityException: Permission android.permission.POST_NOTIFICATIONS requested by p is not a " +
      "changeable permission type",
  ])("POST_NOTIFICATIONS refused as on Android 12 and older is skipped: %s", async (stderr) => {
    const device = fakeDevice(
      { enabled_accessibility_services: A11Y, enabled_notification_listeners: LISTENER, accessibility_enabled: "1" },
      { stdout: "", stderr, exitCode: 255 },
    );
    const [, , notifications] = await grantOperatorPermissions(device.transport, "s", PKG);
    expect(notifications).toMatchObject({ permission: "post_notifications", status: "skipped" });
  });

  it("any other refusal is a failed grant with the device's words", async () => {
    const device = fakeDevice({}, { stdout: "", stderr: "java.lang.SecurityException: grant denied", exitCode: 255 });
    const [, , notifications] = await grantOperatorPermissions(device.transport, "s", PKG);
    expect(notifications).toMatchObject({ status: "failed", detail: expect.stringContaining("grant denied") });
  });

  it("reads `null` and empty settings as empty lists", () => {
    expect(componentList("null\n")).toEqual([]);
    expect(componentList("")).toEqual([]);
    expect(componentList("a/.A::b/.B")).toEqual(["a/.A", "b/.B"]);
  });
});
