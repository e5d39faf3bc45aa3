const MARKER = /^\[TaskScope\] UI Hierarchy(?: \[commandId=(.*)\])?:\s?(.*)$/;

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

/**
 * Rebuilds the hierarchy XML the APK logged one line per logcat line. A line split by the logger because it was
 * too long does not end at a tag boundary (`>`): its pieces are joined without the newline.
 */
export class SnapshotAssembler {
  /** Pieces and the separators before them, joined once at the end: appending to one growing string and asking
   * it `endsWith` per line made a 504-node snapshot cost quadratic time. */
  readonly #parts: string[] = [];
  #previousEndsTag = false;
  #done = false;

  constructor(first: string) {
    if (first) this.push(first);
  }

  push(piece: string): void {
    if (this.#done) return;
    if (this.#previousEndsTag) this.#parts.push("\n");
    const end = piece.indexOf("</hierarchy>");
    if (end >= 0) {
      this.#parts.push(piece.slice(0, end + "</hierarchy>".length));
      this.#done = true;
      return;
    }
    this.#parts.push(piece);
    this.#previousEndsTag = piece.endsWith(">");
  }

  get done(): boolean {
    return this.#done;
  }

  xml(): string {
    return this.#parts.join("");
  }
}
