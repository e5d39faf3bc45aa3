import { describe, expect, it, vi } from "vitest";
import { createToken, definePlugin, type ServiceAccess } from "../../../core/kernel/index.ts";
import { ExecutionHooks } from "../../../core/execution/hooks.ts";
import { Logger } from "../../../core/services/logger.ts";
import { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { Transport } from "../../../core/services/transport.ts";
import { caught } from "../../helpers/caught.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";

const Clock = createToken<{ now(): number }>("test.Clock");
const Greeter = createToken<{ greet(name: string): string }>("test.Greeter");

describe("services", () => {
  it("a value registered by one plugin resolves by token, in setup of a later plugin and after boot", async () => {
    const clock = { now: () => 42 };
    let seenInSetup: unknown;
    const kernel = await boot([
      definePlugin({ name: "clock", setup: (ctx) => ctx.services.register(Clock, { useValue: clock }) }),
      definePlugin({
        name: "user",
        dependsOn: ["clock"],
        setup: (ctx) => {
          seenInSetup = ctx.services.resolve(Clock);
        },
      }),
    ]);
    expect(seenInSetup).toBe(clock);
    expect(kernel.services.resolve(Clock)).toBe(clock);
    expect(kernel.services.isRegistered(Clock)).toBe(true);
  });

  it("factories run on first resolve only, once, and may resolve other services", async () => {
    const factory = vi.fn((services: ServiceAccess) => ({
      greet: (name: string) => `${services.resolve(Clock).now()} ${name}`,
    }));
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
    const first = kernel.services.resolve(Greeter);
    expect(first.greet("Ana")).toBe("7 Ana");
    expect(kernel.services.resolve(Greeter)).toBe(first);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it("a service registered after the first resolve is still found", async () => {
    const clock = { now: () => 1 };
    const late = { greet: () => "late" };
    const kernel = await boot([
      definePlugin({ name: "p", setup: (ctx) => ctx.services.register(Clock, { useValue: clock }) }),
    ]);
    expect(kernel.services.resolve(Clock)).toBe(clock);
    kernel.services.register(Greeter, { useFactory: () => late });
    expect(kernel.services.isRegistered(Greeter)).toBe(true);
    expect(kernel.services.resolve(Greeter)).toBe(late);
  });

  it("resolving an unregistered token is PLUGIN_INVALID naming the token", async () => {
    const kernel = await boot([]);
    expect(kernel.services.isRegistered(Greeter)).toBe(false);
    const error = await caught(() => kernel.services.resolve(Greeter));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("Greeter");
  });

  it("two kernels do not share services", async () => {
    const clock = { now: () => 2 };
    const a = await boot([
      definePlugin({ name: "p", setup: (ctx) => ctx.services.register(Clock, { useValue: clock }) }),
    ]);
    const b = await boot([]);
    expect(a.services.resolve(Clock)).toBe(clock);
    expect(b.services.isRegistered(Clock)).toBe(false);
  });

  it("two kernels of the same plugins build their own instances; disposing one leaves the other working", async () => {
    const plugin = definePlugin({
      name: "p",
      setup: (ctx) => ctx.services.register(Greeter, { useFactory: () => ({ greet: (name) => `hi ${name}` }) }),
    });
    const [a, b] = [await boot([plugin]), await boot([plugin])];
    expect(a.services.resolve(Greeter)).not.toBe(b.services.resolve(Greeter));
    await a.dispose();
    expect(b.services.resolve(Greeter).greet("Ana")).toBe("hi Ana");
  });

  it("dispose() disposes what factories built, only that, once; the kernel then refuses use (USAGE)", async () => {
    const disposed: string[] = [];
    const Built = createToken<{ dispose(): Promise<void> }>("test.Built");
    const Unbuilt = createToken<{ dispose(): void }>("test.Unbuilt");
    const kernel = await boot([
      definePlugin({
        name: "p",
        setup(ctx) {
          ctx.services.register(Built, { useFactory: () => ({ dispose: async () => void disposed.push("built") }) });
          ctx.services.register(Unbuilt, { useFactory: () => ({ dispose: () => void disposed.push("unbuilt") }) });
        },
      }),
    ]);
    kernel.services.resolve(Built);
    await Promise.all([kernel.dispose(), kernel.dispose()]);
    await kernel.dispose();
    expect(disposed).toEqual(["built"]);
    for (const use of [() => kernel.services.resolve(Built), () => kernel.services.isRegistered(Built)]) {
      const error = await caught(use);
      expect(error.code).toBe("USAGE");
      expect(error.message).toContain("closed");
    }
  });

  it("a factory that makes something other than an object is PLUGIN_INVALID naming the token", async () => {
    const Port = createToken<number>("test.Port");
    const kernel = await boot([
      definePlugin({ name: "p", setup: (ctx) => ctx.services.register(Port, { useFactory: () => 8080 }) }),
    ]);
    const error = await caught(() => kernel.services.resolve(Port));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("test.Port");
  });

  it("core provides the config and logger it was booted with", async () => {
    const config = { deviceId: "emulator-5554" };
    const kernel = await boot([], config);
    expect(kernel.services.resolve(RuntimeConfig)).toBe(config);
    expect(kernel.services.resolve(Logger)).toBe(silentLogger);
  });
});

describe("core services derived from registries", () => {
  it("a transport is loaded and created lazily, once, on its first call; the config names the default one", async () => {
    const fake = { name: "fake", listDevices: vi.fn(async () => [{ serial: "f1", state: "device" }]) };
    const create = vi.fn(() => fake as never);
    const load = vi.fn(async () => ({ default: create }));
    const adbLoad = vi.fn(() => Promise.reject(new Error("must not be loaded")));
    const kernel = await boot(
      [
        definePlugin({
          name: "t",
          setup: (ctx) => {
            ctx.transports.add({ name: "adb", load: adbLoad });
            ctx.transports.add({ name: "fake", load });
          },
        }),
      ],
      { transport: "fake" },
    );
    const transport = kernel.services.resolve(Transport);
    expect(kernel.services.resolve(Transport)).toBe(transport);
    expect(load).not.toHaveBeenCalled();
    await transport.shell("f1", "echo hi").catch(() => undefined);
    await transport.shell("f1", "echo hi").catch(() => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("without any transport, resolving Transport is PLUGIN_INVALID listing what is registered", async () => {
    const kernel = await boot([], { transport: "usb" });
    const error = await caught(() => kernel.services.resolve(Transport).listDevices());
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain('"usb"');
  });

  it("execution hooks load only when asked for, ordered by `order`", async () => {
    const loaded: string[] = [];
    const ran: string[] = [];
    const hook = (name: string, order?: number) => {
      const implementation = { beforeDispatch: () => void ran.push(name) };
      return {
        name,
        ...(order === undefined ? {} : { order }),
        load: async () => {
          loaded.push(name);
          return { default: implementation };
        },
      };
    };
    const kernel = await boot([
      definePlugin({
        name: "p",
        setup: (ctx) => {
          for (const h of [hook("screenshots", 30), hook("close-app", 10), hook("default"), hook("snapshots", 20)])
            ctx.hooks.add(h);
        },
      }),
    ]);
    expect(loaded).toEqual([]);
    const hooks = await kernel.services.resolve(ExecutionHooks)();
    for (const h of hooks) await h.beforeDispatch?.({} as never);
    expect(ran).toEqual(["default", "close-app", "snapshots", "screenshots"]);
  });
});
