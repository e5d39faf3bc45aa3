import type { Transport } from "../../core/services/transport.ts";
import { ACCESSIBILITY_SERVICE_CLASS, NOTIFICATION_LISTENER_CLASS, POST_NOTIFICATIONS } from "./operator-components.ts";
import { shellQuote } from "./shell-quote.ts";

export type PermissionName = "accessibility_service" | "notification_listener" | "post_notifications";
export type GrantStatus = "granted" | "already_enabled" | "skipped" | "failed";

export interface PermissionResult {
  permission: PermissionName;
  status: GrantStatus;
  detail: string;
}

/** pm grant refusals that mean "nothing to grant here" (Android 12 and older, or granted already). */
const SKIPPABLE = /unknown permission|not a changeable permission type|already granted/i;

/** A `:`-separated secure setting as a list; `settings get` prints `null` for an unset key. */
export function componentList(value: string): string[] {
  const trimmed = value.trim();
  return trimmed === "" || trimmed === "null" ? [] : trimmed.split(":").filter(Boolean);
}

/** Shell output, or a ShellFailure naming the command. */
async function run(transport: Transport, serial: string, command: string): Promise<string> {
  const result = await transport.shell(serial, command);
  if (result.exitCode !== 0)
    throw new ShellFailure(command, (result.stderr || result.stdout).trim() || `exit ${result.exitCode}`);
  return result.stdout;
}

export class ShellFailure extends Error {
  constructor(
    readonly command: string,
    readonly output: string,
  ) {
    super(`\`${command}\` failed: ${output}`);
  }
}

/**
 * Adds a component to a `:`-separated secure setting, keeping every other enabled service as a person toggling it in
 * Settings would (never overwriting); with `switchKey`, also turns that master switch on.
 */
async function enableComponent(
  transport: Transport,
  serial: string,
  permission: PermissionName,
  key: string,
  component: string,
  switchKey?: string,
): Promise<PermissionResult> {
  try {
    const [current, switchValue] = await Promise.all([
      run(transport, serial, `settings get secure ${key}`),
      switchKey ? run(transport, serial, `settings get secure ${switchKey}`) : Promise.resolve("1"),
    ]);
    const list = componentList(current);
    const switchOn = switchValue.trim() === "1";
    if (list.includes(component) && switchOn)
      return { permission, status: "already_enabled", detail: `${component} is already in ${key}` };
    if (switchKey && !switchOn) await run(transport, serial, `settings put secure ${switchKey} 1`);
    if (!list.includes(component))
      await run(transport, serial, `settings put secure ${key} ${shellQuote([...list, component].join(":"))}`);
    return { permission, status: "granted", detail: `${component} added to ${key}` };
  } catch (error) {
    return { permission, status: "failed", detail: error instanceof Error ? error.message : String(error) };
  }
}

/** `pm grant <pkg> POST_NOTIFICATIONS`, unless dumpsys already shows it granted. */
async function grantPostNotifications(
  transport: Transport,
  serial: string,
  packageName: string,
  dumpsys: string,
): Promise<PermissionResult> {
  const permission = "post_notifications";
  if (new RegExp(`${POST_NOTIFICATIONS.replaceAll(".", "\\.")}: granted=true`).test(dumpsys)) {
    return { permission, status: "already_enabled", detail: `${POST_NOTIFICATIONS} is already granted` };
  }
  const result = await transport.shell(serial, `pm grant ${shellQuote(packageName)} ${POST_NOTIFICATIONS}`);
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.exitCode === 0) return { permission, status: "granted", detail: `${POST_NOTIFICATIONS} granted` };
  if (SKIPPABLE.test(output))
    return {
      permission,
      status: "skipped",
      detail: `${POST_NOTIFICATIONS} not changeable on this device (Android 12 or older): ${output.split("\n").pop()}`,
    };
  return {
    permission,
    status: "failed",
    detail: `pm grant ${POST_NOTIFICATIONS} failed: ${output || `exit ${result.exitCode}`}`,
  };
}

/**
 * The three grants of `operator setup` and `grant-device-permissions`: the accessibility service, the notification
 * listener and POST_NOTIFICATIONS, each reported as granted, already enabled, skipped (and why) or failed.
 */
export async function grantOperatorPermissions(
  transport: Transport,
  serial: string,
  packageName: string,
): Promise<PermissionResult[]> {
  const dumpsys = (await transport.shell(serial, `dumpsys package ${shellQuote(packageName)}`)).stdout;
  // One after another: the two settings writes must not interleave their read-modify-write.
  const accessibility = await enableComponent(
    transport,
    serial,
    "accessibility_service",
    "enabled_accessibility_services",
    `${packageName}/${ACCESSIBILITY_SERVICE_CLASS}`,
    "accessibility_enabled",
  );
  const listener = await enableComponent(
    transport,
    serial,
    "notification_listener",
    "enabled_notification_listeners",
    `${packageName}/${NOTIFICATION_LISTENER_CLASS}`,
  );
  const notifications = await grantPostNotifications(transport, serial, packageName, dumpsys);
  return [accessibility, listener, notifications];
}

/** Whether the accessibility service component is enabled (the switch on and the component listed). */
export async function accessibilityEnabled(
  transport: Transport,
  serial: string,
  packageName: string,
): Promise<boolean> {
  const [services, on] = await Promise.all([
    transport.shell(serial, "settings get secure enabled_accessibility_services"),
    transport.shell(serial, "settings get secure accessibility_enabled"),
  ]);
  return (
    on.stdout.trim() === "1" && componentList(services.stdout).includes(`${packageName}/${ACCESSIBILITY_SERVICE_CLASS}`)
  );
}
