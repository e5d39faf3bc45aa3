import type { Clock } from "../../core/host/clock.ts";

/** Phases of long emulator work with the time since it began, for people (`--output pretty` shows them on stderr). */
export interface Progress {
  phase(message: string): void;
  /** Called on every poll while waiting; reports at most every `everyMs`. */
  waiting(message: string): void;
}

export function createProgress(write: (line: string) => void, clock: Clock, everyMs = 5_000): Progress {
  const started = clock.now();
  let lastWaitReport = started;
  const elapsed = () => `${((clock.now() - started) / 1_000).toFixed(1)} s`;
  return {
    phase(message) {
      lastWaitReport = clock.now();
      write(`[emulator] ${message} (${elapsed()})`);
    },
    waiting(message) {
      if (clock.now() - lastWaitReport < everyMs) return;
      lastWaitReport = clock.now();
      write(`[emulator] ${message} (${elapsed()})`);
    },
  };
}

export const silentProgress: Progress = { phase: () => undefined, waiting: () => undefined };
