const MARKER = /^\[TaskScope\] UI Hierarchy(?: \[commandId=(.*)\])?:\s?(.*)$/;

export interface SnapshotMarker {
  /** The commandId of newer APKs' markers; undefined for the legacy marker. */
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
 * too long (Timber cuts every 4,000 UTF-16 units) is joined without the newline.
 */
export class SnapshotAssembler {
  readonly #pieces: string[] = [];
  #done = false;

  constructor(first: string) {
    if (first) this.push(first);
  }

  push(piece: string): void {
    if (this.#done) return;
    this.#pieces.push(piece);
    if (piece.includes("</hierarchy>")) this.#done = true;
  }

  get done(): boolean {
    return this.#done;
  }

  xml(): string {
    let out = "";
    // The APK writes line breaks inside values raw; only a piece Timber cut at 4,000 units continues on the next.
    this.#pieces.forEach((piece, i) => (out += i === 0 || this.#pieces[i - 1]!.length >= 4_000 ? piece : `\n${piece}`));
    const end = out.indexOf("</hierarchy>");
    return end >= 0 ? out.slice(0, end + "</hierarchy>".length) : out;
  }
}
