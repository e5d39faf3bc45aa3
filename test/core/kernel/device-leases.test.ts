import { describe, expect, it } from "vitest";
import type { RegisteredTransport } from "../../../core/kernel/contributions.ts";
import { Registry } from "../../../core/kernel/registry.ts";
import { TransportRouter } from "../../../core/kernel/transport-router.ts";
import { DeviceLeases } from "../../../core/services/device-leases.ts";
import type { Lease, Transport } from "../../../core/services/transport.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";
import { definePlugin } from "../../../core/kernel/index.ts";

/** A farm-like transport: it lends devices and records what it was asked. */
function lending(calls: string[], busy = new Set<string>()): Transport {
  return {
    name: "farm",
    listDevices: async () => [{ serial: "farm:a", state: "device" }],
    acquire: async (serial): Promise<Lease> => {
      calls.push(`acquire ${serial}`);
      if (busy.has(serial)) throw new Error(`${serial} busy`);
      return { serial: serial === "farm:any" ? "farm:b" : serial, idleMs: 1_000, retries: 0, waitedMs: 0 };
    },
    release: async (serial) => void calls.push(`release ${serial}`),
    shell: async (serial, command) => {
      calls.push(`shell ${serial} ${command}`);
      return { stdout: "", stderr: "", exitCode: 0 };
    },
    execOut: async () => Buffer.alloc(0),
    install: async () => ({ stdout: "", stderr: "", exitCode: 0 }),
    logcat: () => ({ ready: Promise.resolve(), close: async () => {}, async *[Symbol.asyncIterator]() {} }),
  };
}

/** A clock whose sleeps end when the test says so. */
function handClock() {
  const sleeping: { ms: number; wake: () => void }[] = [];
  return {
    sleeping,
    clock: {
      sleep: (ms: number, signal?: AbortSignal) =>
        new Promise<void>((wake, fail) => {
          const entry = { ms, wake };
          sleeping.push(entry);
          signal?.addEventListener("abort", () => {
            sleeping.splice(sleeping.indexOf(entry), 1);
            fail(new Error("aborted"));
          });
        }),
    },
  };
}

function router(longLived: boolean, calls: string[], clock?: ReturnType<typeof handClock>["clock"]) {
  const registry = new Registry<RegisteredTransport>("transport");
  registry.add("farm", "test", { name: "farm", load: async () => ({ default: () => lending(calls) }) });
  registry.add("adb", "test", {
    name: "adb",
    load: async () => ({ default: () => ({ ...lending(calls), name: "adb", acquire: undefined, release: undefined }) }),
  });
  return new TransportRouter(registry, {
    services: undefined as never,
    config: {},
    logger: silentLogger,
    longLived: () => longLived,
    ...(clock ? { clock } : {}),
  });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("leases of lent devices, kept by the transport router", () => {
  it("a device of a lending transport is leased once before its first call, however many calls follow", async () => {
    const calls: string[] = [];
    const r = router(false, calls);
    await r.shell("farm:a", "one");
    await r.shell("farm:a", "two");
    expect(calls).toEqual(["acquire farm:a", "shell farm:a one", "shell farm:a two"]);
    // A one-shot process gives it back when it ends.
    await r.releaseAll();
    expect(calls.at(-1)).toBe("release farm:a");
  });

  it("an attached device (a transport without acquire) is never leased", async () => {
    const calls: string[] = [];
    const r = router(false, calls);
    expect(await r.hold("emulator-5554")).toBeUndefined();
    await r.shell("emulator-5554", "x");
    await r.releaseAll();
    expect(calls).toEqual(["shell emulator-5554 x"]);
  });

  it("a long-lived host keeps the lease across calls and releases it once idle past the lease's idle time", async () => {
    const calls: string[] = [];
    const hand = handClock();
    const r = router(true, calls, hand.clock);
    await r.shell("farm:a", "one");
    await settle();
    expect(hand.sleeping.map((s) => s.ms)).toEqual([900]);
    // A call before the idle time ends starts it again.
    await r.shell("farm:a", "two");
    await settle();
    expect(hand.sleeping).toHaveLength(1);
    expect(calls).not.toContain("release farm:a");
    hand.sleeping[0]!.wake();
    await settle();
    expect(calls.filter((c) => c.startsWith("acquire"))).toEqual(["acquire farm:a"]);
    expect(calls.at(-1)).toBe("release farm:a");
    // The next call leases it again.
    await r.shell("farm:a", "three");
    expect(calls.filter((c) => c.startsWith("acquire"))).toHaveLength(2);
  });

  it("no idle release while a call holds the device", async () => {
    const calls: string[] = [];
    const hand = handClock();
    const r = router(true, calls, hand.clock);
    await r.hold("farm:a");
    await r.hold("farm:a");
    await r.done("farm:a");
    await settle();
    expect(hand.sleeping).toHaveLength(0);
    await r.done("farm:a");
    await settle();
    expect(hand.sleeping).toHaveLength(1);
  });

  it("a pool serial routes to the transport it names and resolves to the device leased; it is reused while held", async () => {
    const calls: string[] = [];
    const r = router(true, calls, handClock().clock);
    expect(await r.hold("farm:any")).toMatchObject({ serial: "farm:b" });
    expect(await r.hold("farm:any")).toMatchObject({ serial: "farm:b" });
    expect(calls).toEqual(["acquire farm:any"]);
    await r.dispose();
    expect(calls.at(-1)).toBe("release farm:b");
  });

  it("the kernel's DeviceLeases is the router, and disposing the runtime releases every lease", async () => {
    const calls: string[] = [];
    const kernel = await boot([
      definePlugin({
        name: "farm",
        setup: (ctx) => ctx.transports.add({ name: "farm", load: async () => ({ default: () => lending(calls) }) }),
      }),
    ]);
    const leases = kernel.services.resolve(DeviceLeases);
    await leases.hold("farm:a");
    await kernel.dispose();
    expect(calls).toEqual(["acquire farm:a", "release farm:a"]);
  });
});
