import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { processAlive } from "../../../core/host/process-alive.ts";

/** The emulator marks a running AVD with a lock file in its folder, as the real one does (`hardware-qemu.ini.lock`). */
const LOCK_FILE = "hardware-qemu.ini.lock";

/** The pid of the emulator running this AVD, if one is. A lock left by a process that died is ignored. */
export function lockHolder(avdPath: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(avdPath, LOCK_FILE), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function lockAvd(avdPath: string, pid: number = process.pid): () => void {
  const path = join(avdPath, LOCK_FILE);
  writeFileSync(path, `${pid}\n`);
  return () => rmSync(path, { force: true });
}
