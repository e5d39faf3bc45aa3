import type { LogEntry, LogPriority } from "../../device/log-types.ts";

/** Priorities in increasing order; `S` (silent) hides everything. */
const LEVELS: Record<LogPriority | "S", number> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7, S: 8 };

const isLevel = (value: string): value is LogPriority | "S" => value in LEVELS;

/** logcat's filterspecs (`Tag:I`, `*:S`): a minimum priority per tag and one for every other tag. */
export class LogFilter {
  readonly #tags = new Map<string, number>();
  #default = LEVELS.V;

  /** Adds one `tag[:priority]` spec; false when it is not one. */
  add(spec: string): boolean {
    const colon = spec.lastIndexOf(":");
    const tag = colon < 0 ? spec : spec.slice(0, colon);
    const priority = colon < 0 ? "V" : spec.slice(colon + 1).toUpperCase();
    if (!tag || !isLevel(priority)) return false;
    if (tag === "*") this.#default = LEVELS[priority];
    else this.#tags.set(tag, LEVELS[priority]);
    return true;
  }

  silenceOthers(): void {
    this.#default = LEVELS.S;
  }

  accepts(entry: LogEntry): boolean {
    return LEVELS[entry.priority] >= (this.#tags.get(entry.tag) ?? this.#default);
  }
}
