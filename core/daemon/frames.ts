/**
 * The CLI's wire to its warm runtime: frames of a type byte, a 32-bit length and a payload, both ways over one Unix
 * socket connection per CLI call. Binary frames carry stdout/stderr/stdin bytes as they are, so the client prints
 * exactly what an in-process run would.
 */
export const Frame = {
  /** client → runtime: the request (JSON), then stdin bytes, their end, or a Ctrl-C. */
  request: 1,
  stdin: 2,
  stdinEnd: 3,
  cancel: 4,
  /** client → runtime: `daemon status` / `daemon stop` (JSON with the token), answered by `reply`. */
  control: 5,
  /** runtime → client. */
  started: 10,
  stdout: 11,
  stderr: 12,
  wantStdin: 13,
  exit: 14,
  /** The runtime will not run this request (busy, another build, an in-process command): the client runs it. */
  decline: 15,
  reply: 16,
} as const;

export type FrameType = (typeof Frame)[keyof typeof Frame];

/** A whole frame, ready to write: one buffer, a text payload encoded straight into it (MCP answers are large). */
export function encodeFrame(type: FrameType, payload: Uint8Array | string = ""): Buffer {
  const length = typeof payload === "string" ? Buffer.byteLength(payload, "utf8") : payload.length;
  const frame = Buffer.allocUnsafe(5 + length);
  frame.writeUInt8(type, 0);
  frame.writeUInt32BE(length, 1);
  if (typeof payload === "string") frame.write(payload, 5, "utf8");
  else frame.set(payload, 5);
  return frame;
}

/** Frames larger than this end the connection: a request (argv, env) is a few KB, output comes in chunks. */
const MAX_FRAME = 64 * 1024 * 1024;

/**
 * Splits a byte stream into frames; throws on a frame no peer of ours would send. The bytes of a frame that comes in
 * many reads (a screenshot, a tool list) are joined once, when it is whole.
 */
export class FrameReader {
  #chunks: Buffer[] = [];
  #length = 0;

  push(chunk: Buffer, onFrame: (type: number, payload: Buffer) => void): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    while (this.#length >= 5) {
      const head = this.#chunks[0]!.length >= 5 ? this.#chunks[0]! : this.#joined();
      const length = head.readUInt32BE(1);
      if (length > MAX_FRAME) throw new Error(`frame of ${length} bytes`);
      if (this.#length < 5 + length) return;
      const all = this.#joined();
      const rest = all.subarray(5 + length);
      this.#chunks = rest.length ? [rest] : [];
      this.#length = rest.length;
      onFrame(all.readUInt8(0), all.subarray(5, 5 + length));
    }
  }

  #joined(): Buffer {
    if (this.#chunks.length > 1) this.#chunks = [Buffer.concat(this.#chunks, this.#length)];
    return this.#chunks[0]!;
  }
}
