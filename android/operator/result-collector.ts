import { canonicalEnvelope } from "../../core/contracts/canonical-envelope.ts";
import type { ResultEnvelope } from "../../core/contracts/envelope.ts";
import { RESULT_PREFIX } from "../../core/contracts/result-prefix.ts";
import type { DeviceLogStepReport } from "../../core/execution/dispatcher.ts";
import { CommandLines } from "./command-log-lines.ts";
import { parseLogLine } from "./logcat-line.ts";
import { LoggedSteps, type PlannedStep } from "./logged-steps.ts";
import { parseSnapshotMarker, SnapshotAssembler } from "./snapshot-assembler.ts";
import { SplitResultLine, type JoinedResult } from "./split-result-line.ts";

const EVIDENCE_LIMIT = 10;
const isSnapshotMarker = (message: string): boolean =>
  message.startsWith("[TaskScope] UI Hierarchy") && parseSnapshotMarker(message) !== undefined;
/** Lines kept while waiting for the dispatch marker, replayed if the device could not write one. */
const UNMARKED_LIMIT = 5_000;
/** The message of the APK's envelope for a command whose budget ran out (also while queued). */
const APK_TIMEOUT = /^Agent command timed out after (\d+)ms$/;

export type CollectorState =
  | { kind: "pending" }
  | { kind: "envelope"; envelope: ResultEnvelope }
  | { kind: "malformed"; line: string; reason: string }
  /** Ours, but not in the APK's exact form: `checked()` runs it through the schema. */
  | { kind: "unchecked"; line: string; value: unknown }
  /** The device's log could no longer be read (the device went away). */
  | { kind: "lost"; error: Error };

export interface CollectorOptions {
  commandId: string;
  taskId: string;
  /** The execution's budget: an APK timeout envelope for a command still queued is ours only after it. */
  timeoutMs?: number;
  /** The message of the log line the dispatch writes right before the broadcast; nothing before it is ours. */
  dispatchMarker?: string;
  /** The actions in order, to name the steps the log shows completing. */
  plan?: readonly PlannedStep[];
}

type Run = "waiting" | "queued" | "running" | "answered";

/**
 * Reads one command's lines out of a logcat stream (docs/protocol.md#the-apks-log-lines):
 * - nothing counts before the dispatch's own marker line, so no earlier run (even one with the same commandId
 *   still finishing on the device) can be taken for ours;
 * - the envelope is ours only if our command's `start` line (or the receiver's immediate answer) came first, and
 *   it must name our commandId and taskId;
 * - snapshot blocks belong to the command running between its `start` line and its result (the real marker
 *   names no command; a marker naming our commandId is taken too);
 * - a result line the logger split at 4,000 units is rejoined;
 * - step lines say which steps completed (the real APK's failed envelope has none), and the last lines naming
 *   the commandId are kept as timeout evidence.
 */
export class ResultCollector {
  state: CollectorState = { kind: "pending" };
  snapshots: string[] = [];
  #evidence: string[] = [];
  #previousEvidence: string[] = [];
  readonly #lines: CommandLines;
  #steps: LoggedSteps;
  #run: Run = "waiting";
  #marked: boolean;
  #sawMarker = false;
  #unmarked: string[] = [];
  #markerTimeMs: number | undefined;
  /** The snapshot block being read: its logger, and the raw text before the message on its marker line. */
  #open: { assembler: SnapshotAssembler; pid: number | undefined; tag: string | undefined; prefix: string } | undefined;
  #split: SplitResultLine | undefined;

  #settled: (() => void) | undefined;
  readonly #done = new Promise<void>((resolve) => {
    this.#settled = resolve;
  });

  constructor(private readonly options: CollectorOptions) {
    this.#lines = new CommandLines(options.commandId, options.taskId);
    this.#steps = new LoggedSteps(options.plan ?? []);
    this.#marked = options.dispatchMarker === undefined;
  }

  get commandId(): string {
    return this.options.commandId;
  }

  /** The last lines naming the commandId or its steps (for RESULT_ENVELOPE_TIMEOUT and device-loss diagnostics). */
  get evidence(): string[] {
    return this.#evidence.length > 0 ? this.#evidence : this.#previousEvidence;
  }

  /** Whether the dispatch marker was read (a stream that shows it reached the device log past our dispatch). */
  get sawDispatch(): boolean {
    return this.#sawMarker;
  }

  /** Resolves when the envelope was read or after `ms`, whichever comes first. */
  async wait(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#done, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** The device could not write the dispatch marker: lines held back since the stream started are ours to read. */
  withoutMarker(): void {
    if (this.#marked) return;
    this.#marked = true;
    const held = this.#unmarked;
    this.#unmarked = [];
    for (const line of held) if (this.feed(line)) return;
  }

  /**
   * The stream is read again from the dispatch time (it ended and was reopened): forget what was read so lines
   * seen twice are not counted twice. Evidence from the last pass stays until the new one has its own.
   */
  rewind(): void {
    if (this.state.kind !== "pending") return;
    this.#previousEvidence = this.evidence;
    this.#evidence = [];
    this.snapshots = [];
    this.#steps = new LoggedSteps(this.options.plan ?? []);
    this.#run = "waiting";
    this.#marked = this.options.dispatchMarker === undefined;
    this.#unmarked = [];
    this.#markerTimeMs = undefined;
    this.#open = undefined;
    this.#split = undefined;
  }

  /** Feeds one raw logcat line; returns true once the command's envelope (or a malformed one) was read. */
  feed(raw: string): boolean {
    if (this.state.kind !== "pending") return true;
    if (this.#feedSnapshotLine(raw)) return false;
    const line = parseLogLine(raw);
    const message = line?.message ?? raw;

    if (!this.#marked) {
      if (message.includes(this.options.dispatchMarker!)) {
        this.#marked = true;
        this.#sawMarker = true;
        this.#unmarked = [];
        this.#markerTimeMs = lineTimeMs(raw);
        this.#keep(raw);
      } else if (this.#unmarked.push(raw) > UNMARKED_LIMIT) this.#unmarked.shift();
      return false;
    }

    // XML lines and result pieces come from the logger that wrote their first line; other lines may interleave.
    const sameSource = (source: { pid: number | undefined; tag: string | undefined }) =>
      line?.pid === source.pid && line?.tag === source.tag;
    if (this.#split && sameSource(this.#split)) {
      const joined = this.#split.push(message);
      if (joined) {
        this.#split = undefined;
        return this.#result(joined, raw);
      }
      return false;
    }
    if (this.#open && sameSource(this.#open)) {
      if (!message.startsWith(RESULT_PREFIX) && !isSnapshotMarker(message)) {
        this.#open.assembler.push(message);
        if (this.#open.assembler.done) this.#closeSnapshot();
        return false;
      }
      this.#closeSnapshot();
    }

    const marker = parseSnapshotMarker(message);
    if (marker) {
      const ours =
        marker.commandId === undefined ? this.#run === "running" : marker.commandId === this.options.commandId;
      if (ours) {
        // The lines of one log record share the text before the message (time, priority, tag, pid).
        const prefix = line ? raw.slice(0, raw.length - message.length) : "";
        this.#open = { assembler: new SnapshotAssembler(marker.rest), pid: line?.pid, tag: line?.tag, prefix };
        if (this.#open.assembler.done) this.#closeSnapshot();
      }
      return false;
    }

    if (message.startsWith(RESULT_PREFIX)) {
      const split = new SplitResultLine(line?.pid, line?.tag, message);
      const joined = split.attempt();
      if (joined) return this.#result(joined, raw);
      this.#split = split;
      return false;
    }

    const event = this.#lines.event(message);
    if (event) {
      this.#keep(raw);
      if (event.kind === "queued" && this.#run === "waiting") this.#run = "queued";
      else if (event.kind === "start") {
        this.#run = "running";
        this.snapshots = [];
        this.#steps = new LoggedSteps(this.options.plan ?? []);
      } else if (event.kind === "unavailable") this.#run = "answered";
      else if (this.#run === "running") this.#steps.event(event);
      return false;
    }
    if (this.#run === "running" && this.#steps.feed(message)) this.#keep(raw);
    else if (this.#lines.mentions(message)) this.#keep(raw);
    return false;
  }

  /** The log can no longer be read: whoever waits is told at once. */
  fail(error: Error): void {
    if (this.state.kind === "pending") this.#settle({ kind: "lost", error });
  }

  /** Which steps the device log shows completed, for a failed envelope without step results. */
  stepReport(envelopeError: string | null): DeviceLogStepReport {
    return this.#steps.report(envelopeError);
  }

  /** The line can no longer grow (the stream ended): a result still being rejoined is settled as it stands. */
  flush(): void {
    if (this.state.kind !== "pending" || !this.#split) return;
    const split = this.#split;
    this.#split = undefined;
    this.#result(split.finish(), split.json);
  }

  /** The final state: an envelope not in canonical form is validated (defaults filled in) by the schema. */
  async checked(): Promise<Exclude<CollectorState, { kind: "unchecked" }>> {
    if (this.state.kind !== "unchecked") return this.state;
    const { line, value } = this.state;
    const { ResultEnvelopeSchema } = await import("../../core/contracts/envelope.ts");
    const parsed = ResultEnvelopeSchema.safeParse(value);
    const state = parsed.success
      ? ({ kind: "envelope", envelope: parsed.data } as const)
      : ({
          kind: "malformed",
          line,
          reason: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
        } as const);
    this.state = state;
    return state;
  }

  #result(joined: JoinedResult, raw: string): boolean {
    if (joined.kind === "unparseable") {
      // An unparseable envelope is ours only if it names our commandId and our command had started.
      if (this.#run === "waiting" || !joined.json.includes(JSON.stringify(this.options.commandId))) return false;
      return this.#settle({ kind: "malformed", line: raw, reason: joined.reason });
    }
    const value = joined.value as { commandId?: unknown; taskId?: unknown; error?: unknown } | null;
    if (typeof value !== "object" || value === null) return false;
    if (value.commandId !== this.options.commandId || value.taskId !== this.options.taskId) return false;
    if (!this.#isOurs(value.error, raw)) return false;
    this.#keep(raw);
    const envelope = canonicalEnvelope(value);
    return this.#settle(envelope ? { kind: "envelope", envelope } : { kind: "unchecked", line: raw, value });
  }

  /**
   * An envelope naming our ids belongs to our run once it started (or was answered at once). While ours waits
   * in the APK's queue, the only envelope that can be ours is the APK's timeout, written no earlier than our
   * budget after the dispatch; anything else is an earlier run with the same ids finishing.
   */
  #isOurs(error: unknown, raw: string): boolean {
    if (this.#run === "running" || this.#run === "answered") return true;
    if (this.#run !== "queued" || typeof error !== "string" || !APK_TIMEOUT.test(error)) return false;
    const at = lineTimeMs(raw);
    if (at === undefined || this.#markerTimeMs === undefined || this.options.timeoutMs === undefined) return true;
    return at - this.#markerTimeMs >= this.options.timeoutMs;
  }

  #settle(state: Exclude<CollectorState, { kind: "pending" }>): boolean {
    this.state = state;
    this.#settled?.();
    return true;
  }

  #keep(raw: string): void {
    this.#evidence.push(raw);
    if (this.#evidence.length > EVIDENCE_LIMIT) this.#evidence.shift();
  }

  /**
   * An XML line of the open snapshot block, taken without parsing it as a log line: it begins with exactly the
   * text before the marker's message, so it comes from the same logger (what the general path checks by parsing).
   * A snapshot is hundreds of lines, read by a CLI process whose code is still cold.
   */
  #feedSnapshotLine(raw: string): boolean {
    const open = this.#open;
    if (!open?.prefix || this.#split || !raw.startsWith(open.prefix)) return false;
    const message = raw.slice(open.prefix.length);
    if (message.startsWith(RESULT_PREFIX) || isSnapshotMarker(message)) return false;
    open.assembler.push(message);
    if (open.assembler.done) this.#closeSnapshot();
    return true;
  }

  #closeSnapshot(): void {
    if (this.#open?.assembler.done) this.snapshots.push(this.#open.assembler.xml());
    this.#open = undefined;
  }
}

/** The device time of a `-v time`/`threadtime` line in ms since the start of its year, for comparing lines. */
function lineTimeMs(raw: string): number | undefined {
  const m = /^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})/.exec(raw);
  return m
    ? Date.UTC(2000, Number(m[1]) - 1, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))
    : undefined;
}
