import type { DoctorCheckResult } from "../kernel/contributions.ts";

/** What `doctor --fix` did with one shell remediation step. */
export interface DoctorFixOutcome {
  checkId: string;
  step: string;
  ok: boolean;
  exitCode: number;
  /** The last lines the step printed (stdout, then stderr). */
  output: string;
}

/** docs/doctor.md#report: the report `doctor --json` prints. `fixes` is present only with `--fix`. */
export interface DoctorReport {
  ok: boolean;
  criticalOk: boolean;
  deviceId?: string;
  receiverPackage?: string;
  checks: DoctorCheckResult[];
  nextActions?: string[];
  fixes?: DoctorFixOutcome[];
}
