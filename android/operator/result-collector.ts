import { canonicalEnvelope } from "../../core/contracts/canonical-envelope.ts";
import type { ResultEnvelope } from "../../core/contracts/envelope.ts";
import { RESULT_PREFIX } from "../../core/contracts/result-prefix.ts";
import { parseLogLine } from "./logcat-line.ts";
import { parseSnapshotMarker, SnapshotAssembler } from "./snapshot-assembler.ts";

const EVIDENCE_LIMIT = 10;
const START_LINE = /^\[Clawperator-Command\] start commandId=(\S+) /;
const OPERATOR_LINE = /^\[(UiActionEngine|TaskRunnerManager|TaskScope|TaskUiScope|UiTreeManager)\] /;

export type CollectorState =
  | { kind: "pending" }
  | { kind: "envelope"; envelope: ResultEnvelope }
  | { kind: "malformed"; line: string; reason: string }
  /** Ours, but not in the APK's exact form: `checked()` runs it through the schema. */
  | { kind: "unchecked"; line: string; value: unknown };

/**
 * Reads one command's lines out of a logcat stream: its `[Clawperator-Result]` envelope (correlated by
 * commandId, other commands ignored), the snapshot blocks its snapshot_ui steps logged, and the last
 * `TaskScopeDefault` progress lines as evidence for timeout diagnostics.
 */
export class ResultCollector {
  state: CollectorState = { kind: "pending" };
  readonly snapshots: string[] = [];
  readonly evidence: string[] = [];
  /** commandId of the last `[Clawperator-Command] start` line: the real marker has none, it belongs to that command. */
  #running: string | undefined;
  #open: { assembler: SnapshotAssembler; pid: number | undefined; tag: string | undefined } | undefined;

  #settled: (() => void) | undefined;
  readonly #done = new Promise<void>((resolve) => {
    this.#settled = resolve;
  });

  constructor(readonly commandId: string) {}

  /** Resolves when the envelope was read or after `ms`, whichever comes first. */
  async wait(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#done, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Feeds one raw logcat line; returns true once the command's envelope (or a malformed one) was read. */
  feed(raw: string): boolean {
    if (this.state.kind !== "pending") return true;
    const line = parseLogLine(raw);
    const message = line?.message ?? raw;

    // XML lines come from the logger that wrote the marker; other processes' lines may interleave.
    if (this.#open && line?.pid === this.#open.pid && line?.tag === this.#open.tag) {
      if (!message.startsWith(RESULT_PREFIX) && parseSnapshotMarker(message) === undefined) {
        this.#open.assembler.push(message);
        if (this.#open.assembler.done) this.#closeSnapshot();
        return false;
      }
      this.#closeSnapshot();
    }

    this.#running = START_LINE.exec(message)?.[1] ?? this.#running;
    const marker = parseSnapshotMarker(message);
    const ours = marker?.commandId ?? this.#running ?? this.commandId;
    if (marker && ours === this.commandId) {
      this.#open = { assembler: new SnapshotAssembler(marker.rest), pid: line?.pid, tag: line?.tag };
      if (this.#open.assembler.done) this.#closeSnapshot();
      return false;
    }

    if (message.includes("TaskScopeDefault") || message.includes(`commandId=${this.commandId} `) || OPERATOR_LINE.test(message)) {
      this.evidence.push(raw);
      if (this.evidence.length > EVIDENCE_LIMIT) this.evidence.shift();
    }

    if (!message.startsWith(RESULT_PREFIX)) return false;
    const json = message.slice(RESULT_PREFIX.length);
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      // An unparseable envelope is ours only if it names our commandId.
      if (!json.includes(JSON.stringify(this.commandId))) return false;
      this.state = { kind: "malformed", line: raw, reason: (error as Error).message };
      this.#settled?.();
      return true;
    }
    if (typeof value !== "object" || value === null) return false;
    if ((value as { commandId?: unknown }).commandId !== this.commandId) {
      // Another command's envelope ends that command: snapshot blocks read so far were its own (legacy markers
      // carry no commandId, and the stream starts at a whole second, so it can include a previous run).
      this.snapshots.length = 0;
      return false;
    }
    const envelope = canonicalEnvelope(value);
    this.state = envelope ? { kind: "envelope", envelope } : { kind: "unchecked", line: raw, value };
    this.#settled?.();
    return true;
  }

  /** The final state: an envelope not in canonical form is validated (defaults filled in) by the schema. */
  async checked(): Promise<Exclude<CollectorState, { kind: "unchecked" }>> {
    if (this.state.kind !== "unchecked") return this.state;
    const { line, value } = this.state;
    const { ResultEnvelopeSchema } = await import("../../core/contracts/envelope.ts");
    const parsed = ResultEnvelopeSchema.safeParse(value);
    const state = parsed.success
      ? ({ kind: "envelope", envelope: parsed.data } as const)
      : ({ kind: "malformed", line, reason: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") } as const);
    this.state = state;
    return state;
  }

  #closeSnapshot(): void {
    if (this.#open?.assembler.done) this.snapshots.push(this.#open.assembler.xml());
    this.#open = undefined;
  }
}
