/** What `skills run` keeps of each of a script's streams unless config `skills.maxOutputBytes` says otherwise. */
export const DEFAULT_MAX_OUTPUT_BYTES = 1_048_576;

/**
 * The last `limit` bytes of a stream, so a script printing gigabytes costs the runtime no more memory than this:
 * older chunks are dropped as new ones arrive, and the kept text says how much went before it.
 */
export class OutputTail {
  readonly #chunks: Buffer[] = [];
  #kept = 0;
  #dropped = 0;

  constructor(
    readonly stream: "stdout" | "stderr",
    readonly limit: number,
  ) {}

  get kept(): number {
    return this.#kept;
  }

  get dropped(): number {
    return this.#dropped;
  }

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#kept += chunk.length;
    if (this.#kept <= this.limit) return;
    this.#drop(this.#kept - this.limit);
    // The kept text starts at a whole UTF-8 character: continuation bytes at its head go too.
    while (this.#chunks.length && this.#chunks[0]!.length && (this.#chunks[0]![0]! & 0xc0) === 0x80) this.#drop(1);
  }

  #drop(bytes: number): void {
    while (bytes > 0 && this.#chunks.length) {
      const first = this.#chunks[0]!;
      const cut = Math.min(bytes, first.length);
      if (cut === first.length) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(cut);
      this.#kept -= cut;
      this.#dropped += cut;
      bytes -= cut;
    }
  }

  /** The kept bytes as text, after a marker line saying how much was dropped, if anything was. */
  text(): string {
    const kept = Buffer.concat(this.#chunks).toString("utf8");
    if (this.#dropped === 0) return kept;
    return `[clawperator: ${this.#dropped} earlier bytes of ${this.stream} dropped; the last ${this.#kept} kept]\n${kept}`;
  }
}

/** Whether a text went by in a stream, however it was chunked and whatever the tail has dropped since. */
export class TextWatch {
  #carry = "";
  #seen = false;

  constructor(readonly needle: string) {}

  get seen(): boolean {
    return this.#seen;
  }

  push(text: string): void {
    if (this.#seen) return;
    const window = this.#carry + text;
    if (window.includes(this.needle)) this.#seen = true;
    else this.#carry = window.slice(Math.max(0, window.length - this.needle.length + 1));
  }
}
