import { setTimeout as delay } from "node:timers/promises";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * While something is held that only this process can give back (a farm's device lease), a SIGINT, SIGTERM or SIGHUP
 * first runs `cleanup` (at most `boundMs`), then this process dies of the signal as it would have without it: the
 * exit status a supervisor expects, and the farm's device free at once instead of at its idle expiry. Returns what
 * takes the handlers off again.
 */
export function releaseOnSignal(cleanup: () => Promise<void>, boundMs = 10_000): () => void {
  let fired = false;
  const remove = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (fired) return;
    fired = true;
    void Promise.race([cleanup().catch(() => undefined), delay(boundMs, undefined, { ref: false })]).then(() => {
      remove();
      process.kill(process.pid, signal);
    });
  }
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return remove;
}
