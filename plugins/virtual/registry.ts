import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { clawperatorHome } from "../../core/host/clawperator-home.ts";
import { processAlive } from "../../core/host/process-alive.ts";
import { procStatFields } from "../../core/host/process-start.ts";

/** What `virtual list` shows about a running virtual device; one file per device, shared by all processes. */
export interface VirtualDeviceRecord {
  serial: string;
  pid: number;
  port: number;
  consolePort?: number;
  scenario: string;
  emulator: boolean;
  /** The adb server the device was connected to. */
  adbServerPort: number;
  startedAt: string;
  log?: string;
}

const dir = () => join(clawperatorHome(), "virtual");
const fileOf = (serial: string) => join(dir(), `${encodeURIComponent(serial)}.json`);

/** Whether the process runs. A zombie (exited, not yet reaped by an init that reaps lazily) counts as gone. */
export function alive(pid: number): boolean {
  if (!processAlive(pid)) return false;
  try {
    return procStatFields(pid)[0] !== "Z";
  } catch {
    // No procfs (macOS): kill(0) is the best there is.
    return true;
  }
}

export function saveRecord(record: VirtualDeviceRecord): void {
  mkdirSync(dir(), { recursive: true, mode: 0o700 });
  const temporary = `${fileOf(record.serial)}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, fileOf(record.serial));
}

/** Forgets a stopped device, and its log when the device wrote nothing to it. */
export function removeRecord(serial: string, log?: string): void {
  rmSync(fileOf(serial), { force: true });
  if (log !== undefined && statSync(log, { throwIfNoEntry: false })?.size === 0) rmSync(log, { force: true });
}

/** Running devices; records of processes that are gone are removed on the way. */
export function listRecords(): VirtualDeviceRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir()).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  const records: VirtualDeviceRecord[] = [];
  for (const name of names) {
    try {
      const record = JSON.parse(readFileSync(join(dir(), name), "utf8")) as VirtualDeviceRecord;
      if (alive(record.pid)) records.push(record);
      else rmSync(join(dir(), name), { force: true });
    } catch {
      rmSync(join(dir(), name), { force: true });
    }
  }
  return records.sort((a, b) => a.serial.localeCompare(b.serial));
}

export const logDir = () => dir();
