const MARKER = /^\[TaskScope\] UI Hierarchy(?: \[commandId=(.*)\])?:\s?(.*)$/s;

export interface SnapshotMarker {
  /** The commandId some markers carry; undefined for the real APK's marker, which names no command. */
  commandId: string | undefined;
  /** Text after the colon on the marker line itself, if any. */
  rest: string;
}

export function parseSnapshotMarker(message: string): SnapshotMarker | undefined {
  const m = MARKER.exec(message);
  return m ? { commandId: m[1], rest: m[2] ?? "" } : undefined;
}

/** Timber's DebugTree cuts a line of a long message every 4,000 UTF-16 units. */
const LOGGER_CUT_UNITS = 4_000;
/** Near the ~4 KB a log record holds: a piece this long that ends mid-element was cut by bytes. */
const RECORD_BYTES = 3_900;

/**
 * Rebuilds the hierarchy XML the APK logged, one logcat line per XML line. Lines join with a newline (the APK
 * writes line breaks inside attribute values raw, so a line may end mid-value), except after a piece the logger
 * cut: 4,000 UTF-16 units (Timber), or a record-sized piece ending mid-element (a logger that cuts by bytes).
 */
export class SnapshotAssembler {
  /** Pieces and the separators before them, joined once at the end: appending to one growing string and asking
   * it `endsWith` per line made a 504-node snapshot cost quadratic time. */
  readonly #parts: string[] = [];
  #previousCut = false;
  #done = false;

  constructor(first: string) {
    if (first) this.push(first);
  }

  push(piece: string): void {
    if (this.#done) return;
    if (this.#parts.length > 0 && !this.#previousCut) this.#parts.push("\n");
    const end = piece.indexOf("</hierarchy>");
    if (end >= 0) {
      this.#parts.push(piece.slice(0, end + "</hierarchy>".length));
      this.#done = true;
      return;
    }
    this.#parts.push(piece);
    this.#previousCut =
      piece.length >= LOGGER_CUT_UNITS ||
      (piece.length * 3 > RECORD_BYTES && !piece.endsWith(">") && Buffer.byteLength(piece) > RECORD_BYTES);
  }

  get done(): boolean {
    return this.#done;
  }

  xml(): string {
    return this.#parts.join("");
  }
}
