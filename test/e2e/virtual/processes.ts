import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

/** Fields of /proc/<pid>/stat after the command name: state, ppid, ... (undefined once the process is gone). */
function statOf(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Whether the process still runs; a zombie waiting for a parent that never reaps it counts as gone. */
export function isRunning(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== undefined && stat[0] !== "Z";
}

/** Pids whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => statOf(child)?.[1] === String(pid));
}

/** Whether something accepts TCP connections on the loopback port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Resolves once the process has exited. Node has no exit event for a process that is not its child, so this looks
 * at /proc between short pauses, up to `withinMs`; a process still there then fails the test.
 */
export async function exited(pid: number, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} is still running ${withinMs} ms after it was stopped`);
    await delay(10);
  }
}
