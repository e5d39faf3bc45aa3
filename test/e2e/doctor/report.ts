import type { DoctorReport } from "../../../core/doctor/report.ts";
import type { DoctorCheckResult } from "../../../core/kernel/index.ts";

export const HOST_IDS = ["host.node.version", "host.adb.presence", "host.adb.server"];
export const DEVICE_IDS = ["device.discovery", "device.capability"];
export const READINESS_IDS = [
  "readiness.apk.presence",
  "readiness.version.compatibility",
  "readiness.settings.dev_options",
  "readiness.settings.usb_debugging",
  "readiness.handshake",
];
/** doctor's check list, in its order (docs/doctor.md#checks). */
export const ALL_IDS = [...HOST_IDS, ...DEVICE_IDS, ...READINESS_IDS];

export const ids = (report: DoctorReport): string[] => report.checks.map((c) => c.id);

export function check(report: DoctorReport, id: string): DoctorCheckResult {
  const found = report.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in ${ids(report).join(", ")}`);
  return found;
}

/** `[id, status, code]` of every check: the shape of a run at a glance. */
export const outline = (report: DoctorReport): Array<[string, string, string | undefined]> =>
  report.checks.map((c) => [c.id, c.status, c.code]);
