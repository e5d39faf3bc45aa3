import type { DoctorCheckResult, SkippedCheck } from "../kernel/check-contribution.ts";

/** What a result may carry beside its status and summary: a code, a detail, a fix, device guidance, evidence. */
export type CheckResultExtras = Omit<DoctorCheckResult, "id" | "status" | "summary">;
type Outcome = Omit<DoctorCheckResult, "id">;

/** The check passed. */
export const ok = (summary: string, extras: CheckResultExtras = {}): Outcome => ({
  status: "pass",
  summary,
  ...extras,
});

/** Something is off but need not stop anyone: shown, and counted against the report only if the check is critical. */
export const warn = (summary: string, extras: CheckResultExtras = {}): Outcome => ({
  status: "warn",
  summary,
  ...extras,
});

/** The check failed; a `fix` says what to do about it (`doctor --fix` runs its shell steps). */
export const fail = (summary: string, extras: CheckResultExtras = {}): Outcome => ({
  status: "fail",
  summary,
  ...extras,
});

/** The check does not apply here (another OS, a mode it has no part in): left out of the report. */
export const skip = (reason: string): SkippedCheck => ({ status: "skip", summary: reason });
