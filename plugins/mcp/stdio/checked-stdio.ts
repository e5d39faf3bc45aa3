import { PassThrough, type Readable, type Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { CancelledNotificationSchema, ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { checkText, rpcError } from "../protocol/check-message.ts";
import { BatchReplies } from "./batch-replies.ts";

/**
 * The SDK's stdio transport with every line checked first (`checkText`): what is not JSON, not a JSON-RPC message
 * or not the params its method takes is answered as JSON-RPC 2.0 says (-32700, -32600, -32602), where the SDK's
 * transport drops it unanswered. A batch's messages reach the server one by one and their answers go back as one
 * array. Lines longer than the SDK's own buffer bound are refused unread.
 */
export class CheckedStdioTransport extends StdioServerTransport {
  readonly #stdin: Readable;
  readonly #lines: PassThrough;
  readonly #batches = new BatchReplies();
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #skipping = false;
  #writing: Promise<void> = Promise.resolve();

  constructor(stdin: Readable, stdout: Writable) {
    const lines = new PassThrough();
    super(lines, stdout);
    this.#stdin = stdin;
    this.#lines = lines;
  }

  readonly #onData = (chunk: Buffer) => {
    let from = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, from)) {
      this.#take(chunk.subarray(from, at));
      this.#line();
      from = at + 1;
    }
    this.#take(chunk.subarray(from));
  };

  override async start(): Promise<void> {
    await super.start();
    this.#stdin.on("data", this.#onData);
  }

  override async close(): Promise<void> {
    this.#stdin.off("data", this.#onData);
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    await super.close();
  }

  override send(message: JSONRPCMessage): Promise<void> {
    const batch = this.#batches.answer(message);
    if (batch === "held") return Promise.resolve();
    return this.#write((batch ?? message) as JSONRPCMessage);
  }

  /** One write at a time: the SDK's send waits for `drain` per write, and a flood would stack a listener each. */
  #write(message: JSONRPCMessage): Promise<void> {
    const sent = this.#writing.then(() => super.send(message));
    this.#writing = sent.catch(() => {});
    return sent;
  }

  #take(part: Buffer): void {
    if (this.#skipping || part.length === 0) return;
    this.#pendingBytes += part.length;
    if (this.#pendingBytes > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      this.#pending = [];
      this.#skipping = true;
      void this.send(
        rpcError(ErrorCode.ParseError, `Parse error: a message may be at most ${STDIO_DEFAULT_MAX_BUFFER_SIZE} bytes`),
      );
      return;
    }
    this.#pending.push(part);
  }

  /** A whole line arrived: answered here when it is no message, else passed on to the SDK's transport. */
  #line(): void {
    const text = Buffer.concat(this.#pending).toString("utf8").replace(/\r$/, "");
    const skipped = this.#skipping;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#skipping = false;
    if (skipped || text.trim() === "") return;
    const checked = checkText(text);
    if (!checked.ok) {
      void this.send(checked.reply);
      return;
    }
    if (checked.batch) {
      const refused = this.#batches.open(checked.messages);
      if (refused) {
        void this.send(refused);
        return;
      }
    }
    for (const message of checked.messages) {
      this.#lines.write(`${JSON.stringify(message)}\n`);
      const cancelled = CancelledNotificationSchema.safeParse(message);
      const requestId = cancelled.success ? cancelled.data.params.requestId : undefined;
      const batch = requestId === undefined ? undefined : this.#batches.cancelled(requestId);
      if (batch) void this.#write(batch as unknown as JSONRPCMessage);
    }
  }
}
