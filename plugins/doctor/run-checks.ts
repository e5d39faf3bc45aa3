import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { SelectedDevice } from "../../core/doctor/facts.ts";
import type { RegisteredCheck, DoctorCheckContext, DoctorCheckResult, Owned } from "../../core/kernel/index.ts";

/**
 * Critical checks whose failure marks the report not ok without halting the run (docs/doctor.md#checks):
 * what comes after them still tells the user something (the device's settings without the Operator).
 */
const NON_HALTING = new Set(["device.capability", "readiness.apk.presence"]);

export interface CheckRun {
  results: DoctorCheckResult[];
  /** Ids of the critical checks that ran. */
  critical: Set<string>;
  /** The check a critical failure stopped the run at, if one did. */
  haltedAt?: string;
}

/** A check that threw: a failed check naming its plugin, never a crashed doctor. */
function crashed(entry: Owned<RegisteredCheck>, error: unknown): DoctorCheckResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    id: entry.value.id,
    status: "fail",
    code: "DOCTOR_FAILED",
    summary:
      `Check ${entry.value.id} of plugin "${entry.plugin}" failed to run: ` +
      `${message.replace(/^\[plugin:[^\]]*\] (check \S+ failed: )?/, "")}`,
    ...(error instanceof ClawperatorError && error.code !== "INTERNAL_ERROR"
      ? { detail: `${error.code}: ${error.hint ?? error.message}` }
      : {}),
    evidence: { plugin: entry.plugin },
  };
}

/**
 * Runs the ordered checks one after another, sharing facts; a critical failure halts the rest. `progress` hears
 * which check starts, for people (pretty mode) and MCP clients.
 */
export async function runChecks(
  checks: readonly Owned<RegisteredCheck>[],
  base: Omit<DoctorCheckContext, "deviceId">,
  progress: (message: string) => void = () => {},
): Promise<CheckRun> {
  const results: DoctorCheckResult[] = [];
  const critical = new Set<string>();
  // Every check's module loads at once (reading files in parallel); they still run one after another.
  const loaded = checks.map((entry) => entry.value.load());
  for (const promise of loaded) promise.catch(() => undefined);
  for (const [index, entry] of checks.entries()) {
    const { id, needs = [] } = entry.value;
    if (needs.some((need) => !results.some((r) => r.id === need && r.status !== "fail"))) continue;
    progress(`doctor: ${id} (${index + 1}/${checks.length})`);
    if (entry.value.critical) critical.add(id);
    const deviceId = base.facts.get(SelectedDevice);
    let result: DoctorCheckResult;
    try {
      const check = (await loaded[index]!).default;
      const outcome = await check.run({ ...base, ...(deviceId === undefined ? {} : { deviceId }) });
      if (outcome.status === "skip") {
        progress(`doctor: ${id} skipped: ${outcome.summary}`);
        continue;
      }
      result = { id, ...outcome };
    } catch (error) {
      result = crashed(entry, error);
    }
    results.push(result);
    if (result.status === "fail" && entry.value.critical && !NON_HALTING.has(id))
      return { results, critical, haltedAt: id };
  }
  return { results, critical };
}
