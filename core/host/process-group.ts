/**
 * A child started with `detached: true` leads its own process group (and session), so everything it starts without
 * leaving the group can be signalled at once; the terminal's Ctrl-C no longer reaches it, so its parent forwards.
 */

/** Signals every process of the group `pgid` (0: only asks whether one is left); false when none is. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    // EPERM: a member changed its credentials (setuid); it is still there.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

interface Guarded {
  /** Undefined until the child is started (and for good when it could not be). */
  pgid: number | undefined;
  onInterrupt: () => void;
}

/** One set of listeners for every guarded group (a server may run many at once). */
const guarded = new Set<Guarded>();
/** A signal that came while groups ran, when this process had no handler of its own for it. */
let unhandled: NodeJS.Signals | undefined;

const onSignal = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) === 1) unhandled = signal;
  for (const group of guarded) {
    if (group.pgid !== undefined) signalGroup(group.pgid, signal);
    group.onInterrupt();
  }
};
const onExit = () => {
  for (const group of guarded) if (group.pgid !== undefined) signalGroup(group.pgid, "SIGKILL");
};

/**
 * Starts a child with `start` (which must spawn it `detached`, so that it leads its own group) and guards its group
 * while it runs: a SIGINT, SIGTERM or SIGHUP this process gets goes to the group too (then `onInterrupt`, for the
 * caller to stop it), and an exit of this process, however it comes, kills the group. `release` is called once the
 * group is done: when a signal came that nothing else here handles, the last release lets this process die of it, as
 * it would have without the groups (after they were stopped, not before).
 * The listeners go on before the child starts: spawn returns only after the child has exec'd, so the child can already
 * run, and be seen running by whoever sends the signal, while this process is still on its way back from spawn (on a
 * busy machine for tens of milliseconds). A signal in that gap, with no listener yet, killed this process by its
 * default action and left the group running; with the listeners on, it waits for the event loop, which comes only
 * after `start` has returned and the group is known.
 */
export function guardGroup<Child extends { readonly pid?: number | undefined }>(
  start: () => Child,
  onInterrupt: () => void = () => {},
): { child: Child; release: () => void } {
  const group: Guarded = { pgid: undefined, onInterrupt };
  if (guarded.size === 0) {
    for (const signal of FORWARDED) process.on(signal, onSignal);
    process.on("exit", onExit);
  }
  guarded.add(group);
  const release = () => {
    if (!guarded.delete(group) || guarded.size > 0) return;
    for (const signal of FORWARDED) process.off(signal, onSignal);
    process.off("exit", onExit);
    const signal = unhandled;
    unhandled = undefined;
    if (signal) process.kill(process.pid, signal);
  };
  try {
    const child = start();
    group.pgid = child.pid;
    return { child, release };
  } catch (error) {
    release();
    throw error;
  }
}
