/**
 * Bytes a stream's client sends, read in exact sizes by a protocol that asks for them (sync requests, then their
 * payloads). `read` resolves with undefined once the stream has ended before that many bytes came.
 */
export class ByteReader {
  #chunks: Buffer[] = [];
  #size = 0;
  #ended = false;
  #waiter: (() => void) | undefined;

  push(data: Buffer): void {
    if (data.length === 0) return;
    this.#chunks.push(data);
    this.#size += data.length;
    this.#wake();
  }

  end(): void {
    this.#ended = true;
    this.#wake();
  }

  async read(size: number): Promise<Buffer | undefined> {
    while (this.#size < size) {
      if (this.#ended) return undefined;
      await new Promise<void>((resolve) => (this.#waiter = resolve));
    }
    // Only the chunks that hold the bytes asked for are joined, so a large backlog is never copied whole.
    const parts: Buffer[] = [];
    let taken = 0;
    while (taken < size) {
      const head = this.#chunks[0]!;
      const need = size - taken;
      if (head.length <= need) {
        parts.push(this.#chunks.shift()!);
        taken += head.length;
      } else {
        parts.push(head.subarray(0, need));
        this.#chunks[0] = head.subarray(need);
        taken = size;
      }
    }
    this.#size -= size;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.();
  }
}
