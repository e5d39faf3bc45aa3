import { setTimeout as delay } from "node:timers/promises";
import type { Clock } from "../host/clock.ts";
import { releaseOnSignal } from "../host/release-on-signal.ts";
import type { DeviceLeases } from "../services/device-leases.ts";
import type { Lease, Transport } from "../services/transport.ts";

interface Held {
  transport: Transport;
  lease: Promise<Lease>;
  /** Calls under way on the device; the idle timer runs only at zero. */
  inUse: number;
  idle?: AbortController;
}

/** An idle timer that does not keep a process alive on its own. */
const unrefClock: Pick<Clock, "sleep"> = {
  sleep: (ms, signal) => delay(ms, undefined, { ref: false, ...(signal ? { signal } : {}) }),
};

/**
 * Keeps the leases of one runtime: one lease per device however many calls use it, released at once in a
 * one-shot process and after the lease's idle time in a long-lived one.
 */
export class LeaseKeeper implements DeviceLeases {
  readonly #held = new Map<string, Held>();
  /** A pool serial (`stf:any`) → the device it was last resolved to, reused while its lease is held. */
  readonly #pools = new Map<string, string>();
  /** A one-shot process's signal handlers while it holds a lease (a long-lived host has its own shutdown). */
  #unguard: (() => void) | undefined;
  /** Aborted by releaseAll: a lease still being sought then reserves nothing more (a pool search stops). */
  readonly #closing = new AbortController();

  constructor(
    private readonly route: (serial: string) => Promise<Transport>,
    private readonly options: { longLived: () => boolean; clock?: Pick<Clock, "sleep"> },
  ) {}

  async hold(serial: string, options: { signal?: AbortSignal } = {}): Promise<Lease | undefined> {
    const pooled = this.#pools.get(serial);
    if (pooled !== undefined && this.#held.has(pooled)) return this.hold(pooled, options);
    const held = this.#held.get(serial);
    if (held) {
      this.#busy(held);
      return held.lease;
    }
    const transport = await this.route(serial);
    if (!transport.acquire) return undefined;
    const signal = options.signal ? AbortSignal.any([options.signal, this.#closing.signal]) : this.#closing.signal;
    const lease = transport.acquire(serial, { signal });
    const entry: Held = { transport, lease, inUse: 1 };
    this.#held.set(serial, entry);
    if (!this.options.longLived()) this.#unguard ??= releaseOnSignal(() => this.releaseAll());
    try {
      const granted = await lease;
      if (granted.serial !== serial) {
        // A pool: the lease is the chosen device's.
        this.#held.delete(serial);
        this.#held.set(granted.serial, entry);
        this.#pools.set(serial, granted.serial);
      }
      return granted;
    } catch (error) {
      this.#held.delete(serial);
      this.#unguardWhenEmpty();
      throw error;
    }
  }

  /** Runs one device call under the device's lease, taking it first when its transport lends devices. */
  async use<T>(serial: string, call: (serial: string) => Promise<T>): Promise<T> {
    const lease = await this.hold(serial);
    if (lease === undefined) return call(serial);
    try {
      return await call(lease.serial);
    } finally {
      await this.done(lease.serial);
    }
  }

  async done(serial: string): Promise<void> {
    const entry = this.#held.get(this.#pools.get(serial) ?? serial);
    if (!entry) return;
    entry.inUse = Math.max(0, entry.inUse - 1);
    if (entry.inUse > 0) return;
    const { idleMs, serial: leased } = await entry.lease;
    if (!this.options.longLived()) return;
    // Released a little before the farm's own expiry, so the farm never takes it from under a call.
    const idle = new AbortController();
    entry.idle = idle;
    (this.options.clock ?? unrefClock).sleep(Math.max(0, idleMs * 0.9), idle.signal).then(
      () => this.#release(leased),
      () => undefined,
    );
  }

  #busy(entry: Held): void {
    entry.inUse += 1;
    entry.idle?.abort();
    entry.idle = undefined;
  }

  async #release(serial: string): Promise<void> {
    const entry = this.#held.get(serial);
    if (!entry || entry.inUse > 0) return;
    this.#held.delete(serial);
    for (const [pool, device] of this.#pools) if (device === serial) this.#pools.delete(pool);
    entry.idle?.abort();
    const lease = await entry.lease.catch(() => undefined);
    if (lease) await entry.transport.release?.(lease.serial);
    this.#unguardWhenEmpty();
  }

  #unguardWhenEmpty(): void {
    if (this.#held.size > 0) return;
    this.#unguard?.();
    this.#unguard = undefined;
  }

  async releaseAll(): Promise<void> {
    this.#closing.abort();
    const serials = [...this.#held.keys()];
    for (const serial of serials) {
      const entry = this.#held.get(serial);
      if (entry) entry.inUse = 0;
    }
    await Promise.allSettled(serials.map((serial) => this.#release(serial)));
  }
}
