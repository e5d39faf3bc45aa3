import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// When a process started, so that a process that got the pid of another one after it exited is not taken for it.

/**
 * The fields of /proc/<pid>/stat (Linux) from field 3 (the state) on: the command name (field 2) may hold spaces and
 * parentheses, so the fields are counted after its last ")". Throws when there is no such file.
 */
export function procStatFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The start of the process `pid` in clock ticks after boot: field 22 of /proc/<pid>/stat. */
const procStartTicks = (pid: number): string | undefined => procStatFields(pid).at(22 - 3);

/** `[[dd-]hh:]mm:ss`, as `ps -o etime=` prints how long a process has run, in seconds. */
export function elapsedSeconds(etime: string): number | undefined {
  const m = /^(?:(?:(\d+)-)?(\d+):)?(\d+):(\d+)$/.exec(etime.trim());
  if (!m) return undefined;
  const [days, hours, minutes, seconds] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

/** How far an estimate from `ps` (whole seconds of a wall clock that may be adjusted) may be from the recorded start. */
const PS_TOLERANCE_MS = 5_000;

let own: string | undefined;

/**
 * This process's start as a token to record beside its pid: `linux:<ticks>` where /proc tells it exactly, else
 * `at:<ms since the epoch>` (Node's time origin), which `ps` can confirm to the second.
 */
export function ownStartToken(): string {
  if (own !== undefined) return own;
  try {
    const ticks = process.platform === "linux" ? procStartTicks(process.pid) : undefined;
    own = ticks === undefined ? `at:${Math.round(performance.timeOrigin)}` : `linux:${ticks}`;
  } catch {
    own = `at:${Math.round(performance.timeOrigin)}`;
  }
  return own;
}

/**
 * Whether `pid` is still the process that recorded `token`: false when it is gone or is another process that got
 * the same pid, undefined when this cannot be told here (then only the pid's liveness is left).
 */
export function sameProcess(pid: number, token: string): boolean | undefined {
  if (token.startsWith("linux:")) {
    if (process.platform !== "linux") return undefined;
    try {
      const ticks = procStartTicks(pid);
      return ticks === undefined ? undefined : ticks === token.slice("linux:".length);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ENOENT" ? false : undefined;
    }
  }
  const at = token.startsWith("at:") ? Number(token.slice(3)) : Number.NaN;
  if (!Number.isFinite(at) || process.platform === "win32") return undefined;
  // Only for a lock another process holds, on a system without /proc: node:child_process, not execa, because this
  // path is synchronous and loading execa costs more than the whole `ps` call; loaded here, as only this path needs
  // it (every command's start-up would pay for it otherwise).
  const { spawnSync } = createRequire(import.meta.url)("node:child_process") as typeof import("node:child_process");
  const ps = spawnSync("ps", ["-o", "etime=", "-p", String(pid)], {
    encoding: "utf8",
    env: { ...process.env, LC_ALL: "C" },
    timeout: 5_000,
  });
  if (ps.error !== undefined) return undefined;
  if (ps.status !== 0 && ps.stdout.trim() === "") return false;
  const elapsed = elapsedSeconds(ps.stdout);
  return elapsed === undefined ? undefined : Math.abs(Date.now() - elapsed * 1000 - at) <= PS_TOLERANCE_MS;
}
