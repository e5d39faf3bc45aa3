import type { DeviceLogStepReport } from "../../core/execution/dispatcher.ts";
import type { CommandEvent } from "./command-log-lines.ts";

export interface PlannedStep {
  id: string;
  type: string;
}

/**
 * Follows one command's steps through the APK's `[UiActionEngine] step_start` / `step_success` lines and its
 * `stage-failure` lines. The real APK's failed envelope carries no step results (docs/protocol.md#a-failing-step), so
 * this is the only record of which steps completed before the failure. Steps run in order and log one start each
 * (retries are stages inside a step), so the k-th start is the k-th planned action.
 */
export class LoggedSteps {
  readonly #completed: DeviceLogStepReport["completed"] = [];
  #current: number | undefined;
  #next = 0;
  #stageFailure: { stage: string; reason: string } | undefined;
  #failurePoint: string | undefined;
  #failureReason: string | undefined;
  #loggedFailure: string | undefined;

  constructor(private readonly plan: readonly PlannedStep[]) {}

  /** A message logged while the command runs; returns true when it was a step line. */
  feed(message: string): boolean {
    const start = message.indexOf("step_start id=");
    if (start >= 0) {
      const index = this.#stepAt(message.slice(start + "step_start ".length), this.#next);
      if (index === undefined) return false;
      this.#current = index;
      this.#next = index + 1;
      this.#stageFailure = undefined;
      this.#failurePoint = undefined;
      return true;
    }
    for (const verb of ["step_success", "step_failure"] as const) {
      const at = message.indexOf(`${verb} id=`);
      if (at < 0 || this.#current === undefined) continue;
      const rest = message.slice(at + verb.length + 1);
      if (this.#stepAt(rest, this.#current) === undefined) return false;
      const step = this.plan[this.#current]!;
      if (verb === "step_success")
        this.#completed.push({ id: step.id, actionType: step.type, data: parseKotlinMap(rest) });
      else this.#loggedFailure = /\berror=(\S+)/.exec(rest)?.[1];
      if (verb === "step_success") this.#current = undefined;
      return true;
    }
    return false;
  }

  event(event: CommandEvent): void {
    if (event.kind === "stage-failure") this.#stageFailure = { stage: event.stage, reason: event.reason };
    if (event.kind === "stage-log" && event.message.startsWith(STAGE_FAILURE_CONTEXT))
      this.#failurePoint = failurePointOf(event.message) ?? this.#failurePoint;
    if (event.kind === "failure") this.#failureReason = event.reason;
  }

  /** Which steps completed, which one failed (the one started and never finished) and which never ran. */
  report(envelopeError: string | null): DeviceLogStepReport {
    const failedIndex = this.#current;
    const failed = failedIndex === undefined ? undefined : this.plan[failedIndex]!;
    const reason =
      this.#stageFailure?.reason || this.#failureReason || this.#loggedFailure || envelopeError || undefined;
    return {
      source: "device_log",
      completed: this.#completed,
      ...(failed
        ? {
            failed: {
              id: failed.id,
              actionType: failed.type,
              ...(this.#stageFailure?.stage ? { stage: this.#stageFailure.stage } : {}),
              ...(reason ? { reason } : {}),
              ...(this.#failurePoint ? { failurePoint: this.#failurePoint } : {}),
            },
          }
        : {}),
      notStarted: this.plan.slice(failedIndex === undefined ? this.#next : failedIndex + 1).map((s) => s.id),
    };
  }

  /** The index of the planned step a `id=X type=Y …` text names, looking from `from` on. */
  #stepAt(text: string, from: number): number | undefined {
    for (let i = from; i < this.plan.length; i++) {
      const { id } = this.plan[i]!;
      if (text.startsWith(`id=${id} type=`) || text.startsWith(`id=${JSON.stringify(id)} type=`)) return i;
    }
    return undefined;
  }
}

const STAGE_FAILURE_CONTEXT = "StageFailure context: ";

/**
 * The `failure_point` (or openApp's `reason_code`) of a `StageFailure context: k=v, …` message. The matcher's
 * text comes first and may hold anything, so the last one counts (the APK writes it after the matcher).
 */
function failurePointOf(message: string): string | undefined {
  const found = [...message.matchAll(/(?:^|, |: )(?:failure_point|reason_code)=([a-z_]+)(?=,|$)/g)];
  return found.at(-1)?.[1];
}

/**
 * `data={k=v, k2=v2}` as Kotlin's Map.toString prints it. The format has no escaping, so a value holding
 * `, key=` is split there; the keys the APK writes are snake_case words.
 */
export function parseKotlinMap(text: string): Record<string, string> {
  const at = text.indexOf("data={");
  if (at < 0) return {};
  const end = text.lastIndexOf("}");
  const inner = text.slice(at + "data={".length, end > at ? end : undefined);
  const out: Record<string, string> = {};
  if (inner === "") return out;
  for (const pair of inner.split(/, (?=[A-Za-z_][A-Za-z0-9_]*=)/)) {
    const eq = pair.indexOf("=");
    if (eq > 0) out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}
