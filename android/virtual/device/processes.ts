/** Pids of the system processes that log on their own. */
export const SYSTEM_SERVER_PID = 587;
/** The parent of every app process and of system_server. */
export const ZYGOTE_PID = 312;
/** The parent of every adb shell. */
export const ADBD_PID = 431;

/** App processes: a pid per running package, given at first start and dropped by force-stop. */
export class ProcessTable {
  readonly #pids = new Map<string, number>();
  #nextPid = 3_021;

  /** The package's pid, starting its process if it is not running. */
  pidOf(packageName: string): number {
    let pid = this.#pids.get(packageName);
    if (pid === undefined) {
      pid = this.#nextPid;
      this.#nextPid += 7;
      this.#pids.set(packageName, pid);
    }
    return pid;
  }

  running(packageName: string): number | undefined {
    return this.#pids.get(packageName);
  }

  /** Running app processes as package → pid, in start order. */
  apps(): ReadonlyMap<string, number> {
    return this.#pids;
  }

  /** A fresh pid for a short-lived process (a shell command). */
  spawn(): number {
    const pid = this.#nextPid;
    this.#nextPid += 3;
    return pid;
  }

  kill(packageName: string): boolean {
    return this.#pids.delete(packageName);
  }
}
