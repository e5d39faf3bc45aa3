import type { DoctorFacts } from "../doctor/facts.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import type { GlobalOptions } from "./contributions.ts";
import type { Lazy, Resolvable } from "./resolvable.ts";
import type { ServiceAccess } from "./service-access.ts";

export type DoctorPhase = "host" | "device" | "readiness";

/** One check of a DoctorReport (docs/doctor.md#report). */
export interface DoctorCheckResult {
  id: string;
  status: "pass" | "warn" | "fail";
  code?: string;
  summary: string;
  detail?: string;
  fix?: {
    title: string;
    platform: "mac" | "linux" | "win" | "any";
    steps: Array<{ kind: "shell" | "manual"; value: string }>;
  };
  deviceGuidance?: { screen: string; steps: string[] };
  evidence?: Record<string, unknown>;
}

/** The doctor run's flags, for checks that only act in some modes. */
export interface DoctorFlags {
  fix: boolean;
  full: boolean;
  checkOnly: boolean;
  /** `--apk`: the Operator APK `--full` installs. */
  apk?: string;
}

export interface DoctorCheckContext {
  services: ServiceAccess;
  config: RuntimeConfig;
  globals: GlobalOptions;
  /** The selected device, once device discovery has chosen one. */
  deviceId?: string;
  receiverPackage: string;
  flags: Readonly<DoctorFlags>;
  /** Facts earlier checks found (e.g. `SelectedDevice`), shared down the ordered list. */
  facts: DoctorFacts;
}

/** A check that does not apply here: left out of the report, as a check whose `needs` failed is. */
export interface SkippedCheck {
  status: "skip";
  summary: string;
}

/** What a check's `run` returns: a result (`ok()`, `warn()`, `fail()`) or `skip()`. */
export type DoctorCheckOutcome = Omit<DoctorCheckResult, "id"> | SkippedCheck;

export interface DoctorCheck {
  run(ctx: DoctorCheckContext): DoctorCheckOutcome | Promise<DoctorCheckOutcome>;
}

interface CheckInfo {
  id: string;
  /** Default "host": runs whatever the device state (a device or readiness check is left out once discovery fails). */
  phase?: DoctorPhase;
  /** A critical failure halts the checks after it (docs/doctor.md#checks). Default false. */
  critical?: boolean;
  /** For `doctor --help` listings; default the id. */
  description?: string;
  /**
   * Place in its phase: lower runs first; ties keep registration order. Default 0, after every built-in check
   * (docs/plugins.md#order lists their positions).
   */
  order?: number;
  /** Runs only in `doctor --full`. */
  full?: boolean;
  /**
   * Checks this one means nothing without: it runs only when each of them ran and did not fail, and is otherwise
   * left out of the report (no version to compare while the Operator is not installed).
   */
  needs?: string[];
}

/** A check as the registry holds it, its defaults applied. */
export interface RegisteredCheck extends CheckInfo {
  phase: DoctorPhase;
  critical: boolean;
  description: string;
  load: Lazy<DoctorCheck>;
}

/**
 * A doctor check as a plugin writes it: `run` inline, or `load`, the check, a function returning it or a lazy
 * import of a module whose default export it is.
 */
export type CheckContribution = CheckInfo &
  ((DoctorCheck & { load?: never }) | { load: Resolvable<DoctorCheck>; run?: never });
