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

/** A whole frame, ready to write. */
export function encodeFrame(type: FrameType, payload: Uint8Array | string = ""): Buffer {
  const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
  const head = Buffer.allocUnsafe(5);
  head.writeUInt8(type, 0);
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

/** Frames larger than this end the connection: a request (argv, env) is a few KB, output comes in chunks. */
const MAX_FRAME = 64 * 1024 * 1024;

/** Splits a byte stream into frames; throws on a frame no peer of ours would send. */
export class FrameReader {
  #buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer, onFrame: (type: number, payload: Buffer) => void): void {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    while (this.#buffer.length >= 5) {
      const length = this.#buffer.readUInt32BE(1);
      if (length > MAX_FRAME) throw new Error(`frame of ${length} bytes`);
      if (this.#buffer.length < 5 + length) return;
      const type = this.#buffer.readUInt8(0);
      const payload = this.#buffer.subarray(5, 5 + length);
      this.#buffer = this.#buffer.subarray(5 + length);
      onFrame(type, payload);
    }
  }
}
