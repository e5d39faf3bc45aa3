import type { CheckContribution, DoctorPhase, Owned } from "../../core/kernel/index.ts";

const PHASES: readonly DoctorPhase[] = ["host", "device", "readiness"];
/** Where a check without an `order` runs in its phase: after the built-in ones. */
const DEFAULT_ORDER = 1_000;

/**
 * The checks of a run in their fixed order (docs/doctor.md#checks): by phase (host, device, readiness), then `order`,
 * then registration order; `--full` checks only with `full`.
 */
export function orderChecks(entries: readonly Owned<CheckContribution>[], full: boolean): Owned<CheckContribution>[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => full || !entry.value.full)
    .sort(
      (a, b) =>
        PHASES.indexOf(a.entry.value.phase) - PHASES.indexOf(b.entry.value.phase) ||
        (a.entry.value.order ?? DEFAULT_ORDER) - (b.entry.value.order ?? DEFAULT_ORDER) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}
