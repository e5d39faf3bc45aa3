import { describe, expect, it, vi } from "vitest";
import { definePlugin, type ServiceAccess } from "../../../core/kernel/index.ts";
import { ExecutionHooks } from "../../../core/execution/hooks.ts";
import { Logger } from "../../../core/services/logger.ts";
import { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { Transport } from "../../../core/services/transport.ts";
import { caught } from "../../helpers/caught.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";

const Clock = Symbol("Clock");
const Greeter = Symbol("Greeter");

describe("services", () => {
  it("a value registered by one plugin resolves by token, in setup of a later plugin and after boot", async () => {
    const clock = { now: () => 42 };
    let seenInSetup: unknown;
    const kernel = await boot([
      definePlugin({ name: "clock", setup: (ctx) => ctx.services.register(Clock, { useValue: clock }) }),
      definePlugin({ name: "user", dependsOn: ["clock"], setup: (ctx) => void (seenInSetup = ctx.services.resolve(Clock)) }),
    ]);
    expect(seenInSetup).toBe(clock);
    expect(kernel.services.resolve(Clock)).toBe(clock);
    expect(kernel.services.isRegistered(Clock)).toBe(true);
  });

  it("factories run on first resolve only, once, and may resolve other services", async () => {
    const factory = vi.fn((services: ServiceAccess) => ({ greet: (name: string) => `${services.resolve<{ now(): number }>(Clock).now()} ${name}` }));
    const kernel = await boot([
      definePlugin({
        name: "p",
        setup(ctx) {
          ctx.services.register(Greeter, { useFactory: factory });
          ctx.services.register(Clock, { useValue: { now: () => 7 } });
        },
      }),
    ]);
    expect(kernel.services.isRegistered(Greeter)).toBe(true);
    expect(factory).not.toHaveBeenCalled();
    const first = kernel.services.resolve<{ greet(name: string): string }>(Greeter);
    expect(first.greet("Ana")).toBe("7 Ana");
    expect(kernel.services.resolve(Greeter)).toBe(first);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it("a service registered after the first resolve is still found", async () => {
    const kernel = await boot([definePlugin({ name: "p", setup: (ctx) => ctx.services.register(Clock, { useValue: 1 }) })]);
    expect(kernel.services.resolve(Clock)).toBe(1);
    kernel.services.register(Greeter, { useFactory: () => "late" });
    expect(kernel.services.isRegistered(Greeter)).toBe(true);
    expect(kernel.services.resolve(Greeter)).toBe("late");
  });

  it("resolving an unregistered token is PLUGIN_INVALID naming the token", async () => {
    const kernel = await boot([]);
    expect(kernel.services.isRegistered(Greeter)).toBe(false);
    const error = await caught(() => kernel.services.resolve(Greeter));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("Greeter");
  });

  it("two kernels do not share services", async () => {
    const a = await boot([definePlugin({ name: "p", setup: (ctx) => ctx.services.register(Clock, { useValue: "a" }) })]);
    const b = await boot([]);
    expect(a.services.resolve(Clock)).toBe("a");
    expect(b.services.isRegistered(Clock)).toBe(false);
  });

  it("core provides the config and logger it was booted with", async () => {
    const config = { deviceId: "emulator-5554" };
    const kernel = await boot([], config);
    expect(kernel.services.resolve(RuntimeConfig)).toBe(config);
    expect(kernel.services.resolve(Logger)).toBe(silentLogger);
  });
});

describe("core services derived from registries", () => {
  it("Transport is created lazily from the transport the config names", async () => {
    const fake = { name: "fake" };
    const create = vi.fn(() => fake as never);
    const kernel = await boot(
      [definePlugin({ name: "t", setup: (ctx) => ["adb", "fake"].forEach((name) => ctx.transports.add({ name, create: name === "fake" ? create : () => ({}) as never })) })],
      { transport: "fake" },
    );
    expect(create).not.toHaveBeenCalled();
    expect(kernel.services.resolve(Transport)).toBe(fake);
    expect(kernel.services.resolve(Transport)).toBe(fake);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("without any transport, resolving Transport is PLUGIN_INVALID listing what is registered", async () => {
    const kernel = await boot([], { transport: "usb" });
    const error = await caught(() => kernel.services.resolve(Transport));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain('"usb"');
  });

  it("execution hooks load only when asked for, ordered by `order`", async () => {
    const loaded: string[] = [];
    const names = new Map<object, string>();
    const hook = (name: string, order?: number) => {
      const implementation = { beforeDispatch() {} };
      names.set(implementation, name);
      return { name, ...(order === undefined ? {} : { order }), load: async () => (loaded.push(name), { default: implementation }) };
    };
    const kernel = await boot([
      definePlugin({ name: "p", setup: (ctx) => [hook("screenshots", 30), hook("close-app", 10), hook("default"), hook("snapshots", 20)].forEach((h) => ctx.hooks.add(h)) }),
    ]);
    expect(loaded).toEqual([]);
    const hooks = await kernel.services.resolve<() => Promise<object[]>>(ExecutionHooks)();
    expect(hooks.map((h) => names.get(h))).toEqual(["default", "close-app", "snapshots", "screenshots"]);
  });
});
