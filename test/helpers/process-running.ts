import { readFileSync } from "node:fs";

/** Whether a process runs: one that exited and that its new parent has not reaped yet (state Z) does not. */
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
