import type { DeviceLogWriter, LogEntry, LogPriority } from "./log-types.ts";

/** Called with the entries of one write, together: a streaming reader sends a many-line record as one chunk. */
export type LogListener = (entries: readonly LogEntry[]) => void;

export interface LogBufferOptions {
  /** Entries kept before the oldest are dropped (logd's buffer size, in entries). */
  capacity?: number;
  now: () => number;
  /** The pid of entries written without one (system_server's). */
  defaultPid: number;
}

/**
 * The device log: a ring of the most recent entries, plus live subscribers (streaming `logcat` readers).
 * Like android.util.Log, a message with line breaks becomes one entry per line.
 */
export class LogBuffer implements DeviceLogWriter {
  readonly #ring: LogEntry[] = [];
  readonly #capacity: number;
  #start = 0;
  #seq = 0;
  readonly #listeners = new Set<LogListener>();

  constructor(private readonly options: LogBufferOptions) {
    this.#capacity = options.capacity ?? 50_000;
  }

  write(priority: LogPriority, tag: string, message: string, pid = this.options.defaultPid, tid = pid): void {
    const lines = message.split(/\r?\n/);
    // A message ending in a newline prints no empty line after it.
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    this.writeLines(priority, tag, lines, pid, tid);
  }

  writeLines(
    priority: LogPriority,
    tag: string,
    lines: readonly string[],
    pid = this.options.defaultPid,
    tid = pid,
  ): void {
    const timeMs = this.options.now();
    const entries = lines.map((message): LogEntry => ({ seq: ++this.#seq, timeMs, pid, tid, priority, tag, message }));
    for (const entry of entries) this.#append(entry);
    for (const listener of this.#listeners) listener(entries);
  }

  /** Every entry still held, oldest first. */
  entries(): LogEntry[] {
    return [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
  }

  /** `logcat -c`: drops every entry; streaming readers keep reading what comes next. */
  clear(): void {
    this.#ring.length = 0;
    this.#start = 0;
  }

  /** Calls `listener` with the entries of each write, synchronously, until the returned function is called. */
  subscribe(listener: LogListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #append(entry: LogEntry): void {
    if (this.#ring.length < this.#capacity) this.#ring.push(entry);
    else {
      this.#ring[this.#start] = entry;
      this.#start = (this.#start + 1) % this.#capacity;
    }
  }
}
