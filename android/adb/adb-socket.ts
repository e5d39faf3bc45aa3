import { connect, type Socket } from "node:net";
import { MAX_ADB_REQUEST_BYTES } from "./request-limit.ts";
import type { ServerAddress } from "./server-address.ts";

/** Thrown when the adb server answers FAIL; the message is adb's own. */
export class AdbFailure extends Error {
  override readonly name: string = "AdbFailure";
}

/** Thrown when the server closed the connection before its answer was complete (it is stopping, for one). */
export class AdbConnectionClosed extends AdbFailure {
  override readonly name = "AdbConnectionClosed";
}

/** Thrown when nothing listens on the server port. */
export class AdbServerDown extends Error {
  override readonly name = "AdbServerDown";
}

/**
 * One connection to the adb server speaking the host smart-socket protocol: requests are `%04x` + text, replies
 * start with OKAY or FAIL + `%04x` message. After a transport switch and a service request the socket carries
 * the service's raw stream.
 */
export class AdbSocket {
  #buffer: Buffer = Buffer.alloc(0);
  #waiters: Array<() => void> = [];
  #ended = false;
  #error: Error | undefined;

  private constructor(readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
      this.#wake();
    });
    // "close" also covers destroy() from our side, which emits no "end".
    for (const event of ["end", "close"]) {
      socket.on(event, () => {
        this.#ended = true;
        this.#wake();
      });
    }
    socket.on("error", (error) => {
      this.#error = error;
      this.#ended = true;
      this.#wake();
    });
  }

  static open(address: ServerAddress): Promise<AdbSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect(address.port, address.host);
      socket.once("connect", () => resolve(new AdbSocket(socket)));
      socket.once("error", (error: NodeJS.ErrnoException) => {
        reject(
          error.code === "ECONNREFUSED" ? new AdbServerDown(`no adb server on ${address.host}:${address.port}`) : error,
        );
      });
    });
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  async #need(length: number): Promise<void> {
    while (this.#buffer.length < length) {
      if (this.#ended) throw this.#error ?? new AdbConnectionClosed("adb server closed the connection");
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async read(length: number): Promise<Buffer> {
    await this.#need(length);
    const out = this.#buffer.subarray(0, length);
    this.#buffer = this.#buffer.subarray(length);
    return out;
  }

  /** Everything until the server closes the connection. */
  async readAll(): Promise<Buffer> {
    while (!this.#ended) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    if (this.#error) throw this.#error;
    const out = this.#buffer;
    this.#buffer = Buffer.alloc(0);
    return out;
  }

  /** Next chunk of the stream as it arrives, or undefined at the end. */
  async chunk(): Promise<Buffer | undefined> {
    while (this.#buffer.length === 0 && !this.#ended) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    if (this.#buffer.length === 0) return undefined;
    const out = this.#buffer;
    this.#buffer = Buffer.alloc(0);
    return out;
  }

  async #lengthPrefixed(): Promise<string> {
    const length = Number.parseInt((await this.read(4)).toString("latin1"), 16);
    return (await this.read(length)).toString("utf8");
  }

  /** Raw bytes into the open service stream. */
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Sends one request and waits for OKAY; FAIL becomes an AdbFailure with adb's message. */
  async request(service: string): Promise<void> {
    const body = Buffer.from(service, "utf8");
    if (body.length > MAX_ADB_REQUEST_BYTES)
      throw new AdbFailure(`the request is ${body.length} bytes; adb carries at most ${MAX_ADB_REQUEST_BYTES}`);
    this.socket.write(Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, "0"), "latin1"), body]));
    await this.expectOkay();
  }

  /** Reads one OKAY/FAIL status (some services, like wait-for, answer twice). */
  async expectOkay(): Promise<void> {
    const status = (await this.read(4)).toString("latin1");
    if (status === "OKAY") return;
    if (status === "FAIL") throw new AdbFailure(await this.#lengthPrefixed());
    throw new AdbFailure(`unexpected adb server reply "${status}"`);
  }

  /** A host query whose answer is one length-prefixed string (e.g. host:devices-l). */
  async query(service: string): Promise<string> {
    await this.request(service);
    return this.#lengthPrefixed();
  }

  close(): void {
    this.socket.destroy();
  }
}
