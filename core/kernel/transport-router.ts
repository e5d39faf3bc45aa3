import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { Device } from "../contracts/device.ts";
import type { Clock } from "../host/clock.ts";
import type { DeviceLeases } from "../services/device-leases.ts";
import type { Logger } from "../services/logger.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import type { CallOptions, Lease, LineStream, PulledFile, PullOptions, Transport } from "../services/transport.ts";
import { attributeError, type Attribution } from "./attribution.ts";
import { forwardLines } from "./forward-lines.ts";
import { LeaseKeeper } from "./lease-keeper.ts";
import type { RegisteredTransport, TransportFactoryContext } from "./contributions.ts";
import type { Owned, Registry } from "./registry.ts";

/** A plugin's transport whose failures carry the plugin's name (streams included). */
function attributedTransport(transport: Transport, by: Attribution): Transport {
  const wrap = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw attributeError(error, by);
    }
  };
  const pull = transport.pull?.bind(transport);
  return {
    name: transport.name,
    listDevices: (options) => wrap(() => transport.listDevices(options)),
    shell: (serial, command, options) => wrap(() => transport.shell(serial, command, options)),
    execOut: (serial, command, options) => wrap(() => transport.execOut(serial, command, options)),
    install: (serial, apk, options) => wrap(() => transport.install(serial, apk, options)),
    prepare: (serial) => transport.prepare?.(serial),
    ...(transport.acquire && transport.release
      ? {
          acquire: (serial, options) => wrap(() => transport.acquire!(serial, options)),
          release: (serial) => wrap(() => transport.release!(serial)),
        }
      : {}),
    ...(pull ? { pull: (serial, path, options) => wrap(() => pull(serial, path, options)) } : {}),
    logcat(serial, args): LineStream {
      const stream = transport.logcat(serial, args);
      const ready = stream.ready.catch((error: unknown) => Promise.reject(attributeError(error, by)));
      // Callers may never await `ready` (a stream that fails is also seen by iterating it).
      ready.catch(() => undefined);
      return {
        ready,
        close: () => stream.close(),
        [Symbol.asyncIterator]: () =>
          forwardLines(
            async () => stream,
            (error) => attributeError(error, by),
          ),
      };
    },
  };
}

/**
 * The Transport core and plugins resolve: one registered transport is used as it is; with several, `listDevices`
 * is their union (each device tagged with its transport) and each device is routed to the transport that
 * reported it, with config `transport` (else adb, else the first registered) for serials several report or none. A
 * serial `<transport>:<rest>` (a farm's namespaced serials, `stf:any`) goes to the transport it names. Devices of a
 * transport that lends them are leased before their first call (the router keeps the leases: `DeviceLeases`).
 */
export class TransportRouter implements Transport, DeviceLeases {
  readonly name = "router";
  readonly #built = new Map<string, Promise<Transport>>();
  readonly #owner = new Map<string, string>();
  readonly #leases: LeaseKeeper;

  constructor(
    private readonly registry: Registry<RegisteredTransport>,
    private readonly ctx: TransportFactoryContext & {
      config: RuntimeConfig;
      logger: Logger;
      longLived?: () => boolean;
      /** Where idle leases wait (tests move it); a timer that keeps no process alive by default. */
      clock?: Pick<Clock, "sleep">;
    },
  ) {
    if (ctx.config.transport !== undefined && !registry.has(ctx.config.transport))
      throw this.#unknown(ctx.config.transport);
    this.#leases = new LeaseKeeper((serial) => this.#route(serial), {
      longLived: ctx.longLived ?? (() => false),
      ...(ctx.clock ? { clock: ctx.clock } : {}),
    });
  }

  #unknown(name: string): ClawperatorError {
    return new ClawperatorError("PLUGIN_INVALID", `transport "${name}" is not registered`, {
      hint:
        `Registered transports: ${this.registry.keys().join(", ") || "none"}. Stop disabling the adb plugin, or ` +
        `add a transport plugin.`,
      details: { transport: name, registered: this.registry.keys() },
    });
  }

  get #defaultName(): string {
    const name = this.ctx.config.transport ?? (this.registry.has("adb") ? "adb" : this.registry.keys()[0]);
    if (name === undefined) throw this.#unknown("(none)");
    return name;
  }

  /** Loads and builds a transport once, on first use. */
  #transport(name: string): Promise<Transport> {
    let built = this.#built.get(name);
    if (!built) {
      const entry: Owned<RegisteredTransport> | undefined = this.registry.get(name);
      if (!entry) throw this.#unknown(name);
      const by: Attribution = { plugin: entry.plugin, contribution: { transport: name } };
      built = (async () => {
        try {
          const factory = (await entry.value.load()).default;
          return attributedTransport(await factory(this.ctx), by);
        } catch (error) {
          throw attributeError(error, by);
        }
      })();
      this.#built.set(name, built);
    }
    return built;
  }

  async listDevices(options?: CallOptions): Promise<Device[]> {
    const names = this.registry.keys();
    if (names.length <= 1) return (await this.#transport(this.#defaultName)).listDevices(options);
    const lists = await Promise.allSettled(
      names.map(async (name) => (await this.#transport(name)).listDevices(options)),
    );
    const failures = lists.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    if (failures.length === names.length) throw failures[0];
    const devices: Device[] = [];
    const seen = new Map<string, number>();
    lists.forEach((result, index) => {
      const name = names[index]!;
      if (result.status === "rejected") {
        this.ctx.logger.warn(`transport ${name} could not list devices: ${(result.reason as Error).message}`);
        return;
      }
      for (const device of result.value) {
        seen.set(device.serial, (seen.get(device.serial) ?? 0) + 1);
        this.#owner.set(device.serial, name);
        devices.push({ ...device, transport: name });
      }
    });
    // A serial two transports report goes to the default one.
    for (const [serial, count] of seen) if (count > 1) this.#owner.set(serial, this.#defaultName);
    return devices;
  }

  /** The transport a serial belongs to; with several transports an unknown serial costs one listing. */
  async #route(serial: string): Promise<Transport> {
    const prefix = serial.slice(0, Math.max(0, serial.indexOf(":")));
    if (prefix !== "" && this.registry.has(prefix)) return this.#transport(prefix);
    if (this.registry.keys().length > 1 && !this.#owner.has(serial)) await this.listDevices().catch(() => undefined);
    return this.#transport(this.#owner.get(serial) ?? this.#defaultName);
  }

  hold(serial: string, options?: { signal?: AbortSignal }): Promise<Lease | undefined> {
    return this.#leases.hold(serial, options);
  }

  done(serial: string): Promise<void> {
    return this.#leases.done(serial);
  }

  releaseAll(): Promise<void> {
    return this.#leases.releaseAll();
  }

  /** The runtime ends (the container disposes what it built): every lease goes back to its farm. */
  dispose(): Promise<void> {
    return this.#leases.releaseAll();
  }

  async shell(serial: string, command: string, options?: CallOptions) {
    return this.#leases.use(serial, async (leased) => (await this.#route(leased)).shell(leased, command, options));
  }

  async execOut(serial: string, command: string, options?: CallOptions) {
    return this.#leases.use(serial, async (leased) => (await this.#route(leased)).execOut(leased, command, options));
  }

  async install(serial: string, apkPath: string, options?: CallOptions) {
    return this.#leases.use(serial, async (leased) => (await this.#route(leased)).install(leased, apkPath, options));
  }

  /** A transport without `pull` answers as a device that refuses: the caller reports it like a missing file. */
  async pull(serial: string, remotePath: string, options?: PullOptions): Promise<PulledFile> {
    return this.#leases.use(serial, async (leased) => {
      const transport = await this.#route(leased);
      if (!transport.pull) return { ok: false, message: `the ${transport.name} transport cannot pull files` };
      return transport.pull(leased, remotePath, options);
    });
  }

  prepare(serial: string): void {
    // Routing may load the transport's module: that too is done by the time the call comes.
    this.#route(serial).then(
      (transport) => transport.prepare?.(serial),
      () => undefined,
    );
  }

  /** A stream holds the device's lease while it is open. */
  logcat(serial: string, args: readonly string[]): LineStream {
    const leased = this.#leases.hold(serial);
    const pending = leased.then(async (lease) => {
      const device = lease?.serial ?? serial;
      return (await this.#route(device)).logcat(device, args);
    });
    let done = false;
    const finish = async () => {
      if (done) return;
      done = true;
      const lease = await leased.catch(() => undefined);
      if (lease) await this.#leases.done(lease.serial);
    };
    const ready = pending.then((stream) => stream.ready);
    ready.catch(() => undefined);
    let closed = false;
    return {
      ready,
      close: async () => {
        closed = true;
        await (await pending.catch(() => undefined))?.close();
        await finish();
      },
      [Symbol.asyncIterator]: () => forwardLines(async () => (closed ? undefined : await pending)),
    };
  }
}
