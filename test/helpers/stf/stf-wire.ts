import { createRequire } from "node:module";
import { join } from "node:path";

/** A decoded STF wire message: its type name, channel and fields. */
export interface WireMessage {
  type: string;
  channel: string;
  body: Record<string, unknown>;
}

/** The slice of STF's protobufjs 5 wire module used here. */
interface WireModule {
  Envelope: {
    decode(data: Buffer): { type: number; message: unknown };
    new (type: number, message: unknown): { encodeNB(): Buffer };
  };
  MessageType: Record<string, number>;
  ReverseMessageType: Record<number, string>;
  [type: string]: unknown;
}
interface WireType {
  decode(data: unknown): Record<string, unknown>;
  new (...fields: unknown[]): { encode(): unknown };
}
interface Waiter {
  test: (m: WireMessage) => boolean;
  resolve: (m: WireMessage) => void;
  reject: (error: Error) => void;
}
interface Dealer extends AsyncIterable<Buffer[]> {
  connect(endpoint: string): void;
  send(frames: Array<Buffer | string>): Promise<void>;
  close(): void;
}

/**
 * The seat STF's processor takes on the device-side triproxy (docs/device-farm.md, "STF's own units against virtual
 * devices"): a DEALER connected to its dealer endpoint receives everything providers and device workers push, and
 * what it sends reaches them through the triproxy's PUB. STF's own zeromq and wire definitions (from the toolchain)
 * encode and decode, so the envelope is STF's, not ours.
 */
export class ProcessorSeat {
  readonly messages: WireMessage[] = [];
  private readonly waiters = new Set<Waiter>();
  private closed = false;
  private failure: Error | undefined;

  private constructor(
    private readonly wire: WireModule,
    private readonly dealer: Dealer,
  ) {
    void this.receive();
  }

  static connect(stf: string, dealerEndpoint: string): ProcessorSeat {
    const require = createRequire(join(stf, "package.json"));
    const zmq = require("zeromq") as { Dealer: new () => Dealer };
    const wire = require(join(stf, "lib", "wire")) as WireModule;
    const dealer = new zmq.Dealer();
    dealer.connect(dealerEndpoint);
    return new ProcessorSeat(wire, dealer);
  }

  private async receive(): Promise<void> {
    try {
      for await (const [channel, data] of this.dealer) {
        if (!channel || !data) continue;
        const envelope = this.wire.Envelope.decode(data);
        const type = this.wire.ReverseMessageType[envelope.type] ?? `unknown ${envelope.type}`;
        const body = (this.wire[type] as WireType).decode(envelope.message);
        const message = { type, channel: channel.toString("utf8"), body };
        this.messages.push(message);
        for (const waiter of this.waiters) if (waiter.test(message)) waiter.resolve(message);
      }
    } catch (error) {
      // Closing the socket may end the iteration with an error; any other is a decoding bug, for the waiters.
      if (this.closed) return;
      this.failure = error instanceof Error ? error : new Error(String(error));
      for (const waiter of this.waiters) waiter.reject(this.failure);
    }
  }

  /**
   * The first message (already received or to come) of `type` for which `test` holds. `hangMs` is a hang bound,
   * not a budget: past it the wait fails with what was received instead, which names the step that never came.
   */
  waitFor(
    type: string,
    test: (body: Record<string, unknown>) => boolean = () => true,
    hangMs = 90_000,
  ): Promise<WireMessage> {
    const matches = (m: WireMessage) => m.type === type && test(m.body);
    const seen = this.messages.find(matches);
    if (seen) return Promise.resolve(seen);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const received = this.messages
          .slice(-40)
          .map((m) => `${m.type} ${String(m.body.serial)}: ${String(m.body.message ?? "").split("\n")[0]}`);
        reject(new Error(`no ${type} as expected after ${hangMs} ms; the last received:\n${received.join("\n")}`));
      }, hangMs);
      const waiter: Waiter = {
        test: matches,
        resolve: (m) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(m);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** What the processor answers a DeviceIntroductionMessage with once it has saved the device. */
  async acknowledgeRegistration(providerChannel: string, serial: string): Promise<void> {
    const Registered = this.wire.DeviceRegisteredMessage as WireType;
    const envelope = new this.wire.Envelope(
      this.wire.MessageType.DeviceRegisteredMessage!,
      new Registered(serial).encode(),
    );
    await this.dealer.send([providerChannel, envelope.encodeNB()]);
  }

  close(): void {
    this.closed = true;
    this.dealer.close();
  }
}
