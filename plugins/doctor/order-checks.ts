import type { RegisteredCheck, DoctorPhase, Owned } from "../../core/kernel/index.ts";

const PHASES: readonly DoctorPhase[] = ["host", "device", "readiness"];

/**
 * The checks of a run in their fixed order (docs/doctor.md#checks): by phase (host, device, readiness), then `order`,
 * then registration order; `--full` checks only with `full`.
 */
export function orderChecks(entries: readonly Owned<RegisteredCheck>[], full: boolean): Owned<RegisteredCheck>[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => full || !entry.value.full)
    .sort(
      (a, b) =>
        PHASES.indexOf(a.entry.value.phase) - PHASES.indexOf(b.entry.value.phase) ||
        (a.entry.value.order ?? 0) - (b.entry.value.order ?? 0) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}
