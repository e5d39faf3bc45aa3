import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Device } from "../../../core/contracts/device.ts";
import { definePlugin, TransportRegistry } from "../../../core/kernel/index.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { Transport, type LineStream } from "../../../core/services/transport.ts";
import { caught } from "../../helpers/caught.ts";
import { boot } from "../../helpers/boot-kernel.ts";

/** A fake transport that records which serials it was asked about; "plain" ones have no `prepare` and no `pull`. */
function fake(name: string, devices: Device[] | Error, calls: string[]) {
  const transport: Transport = {
    name,
    listDevices: async () => {
      calls.push(`${name}:list`);
      if (devices instanceof Error) throw devices;
      return devices;
    },
    shell: async (serial, command) => {
      calls.push(`${name}:shell:${serial}`);
      return { stdout: `${name}:${command}`, stderr: "", exitCode: 0 };
    },
    execOut: async (serial) => {
      calls.push(`${name}:exec:${serial}`);
      return Buffer.from(name);
    },
    install: async (serial) => {
      calls.push(`${name}:install:${serial}`);
      return { stdout: "Success", stderr: "", exitCode: 0 };
    },
    logcat(serial): LineStream {
      calls.push(`${name}:logcat:${serial}`);
      return {
        ready: Promise.resolve(),
        close: async () => {},
        async *[Symbol.asyncIterator]() {
          yield `${name} line`;
        },
      };
    },
    ...(name.startsWith("plain")
      ? {}
      : {
          prepare: (serial: string) => void calls.push(`${name}:prepare:${serial}`),
          pull: async (serial: string, path: string) => {
            calls.push(`${name}:pull:${serial}`);
            if (path === "/broken") throw new Error("socket gone");
            return { ok: true as const, data: Buffer.from(`${name}:${path}`) };
          },
        }),
  };
  return transport;
}

async function router(transports: Record<string, Device[] | Error>, config: RuntimeConfig = {}) {
  const calls: string[] = [];
  const kernel = await boot(
    [
      definePlugin({
        name: "transports",
        setup: (ctx) => {
          for (const [name, devices] of Object.entries(transports))
            ctx.transports.add({ name, load: async () => ({ default: () => fake(name, devices, calls) }) });
        },
      }),
    ],
    config,
  );
  return {
    get transport() {
      return kernel.services.resolve(Transport);
    },
    calls,
    kernel,
  };
}

describe("several transports side by side", () => {
  it("devices lists the union, each device tagged with the transport that reported it", async () => {
    const { transport } = await router({
      adb: [{ serial: "emulator-5554", state: "device" }],
      farm: [{ serial: "farm-7", state: "device" }],
    });
    expect(await transport.listDevices()).toEqual([
      { serial: "emulator-5554", state: "device", transport: "adb" },
      { serial: "farm-7", state: "device", transport: "farm" },
    ]);
  });

  it("a device is routed to the transport that reported it, even before any listing", async () => {
    const { transport, calls } = await router({
      adb: [{ serial: "a1", state: "device" }],
      farm: [{ serial: "f1", state: "device" }],
    });
    expect((await transport.shell("f1", "echo")).stdout).toBe("farm:echo");
    expect((await transport.execOut("a1", "screencap -p")).toString()).toBe("adb");
    const lines: string[] = [];
    for await (const line of transport.logcat("f1", [])) lines.push(line);
    expect(lines).toEqual(["farm line"]);
    await transport.install("f1", "/x.apk");
    expect(calls.filter((c) => !c.endsWith(":list"))).toEqual([
      "farm:shell:f1",
      "adb:exec:a1",
      "farm:logcat:f1",
      "farm:install:f1",
    ]);
  });

  it("prepare reaches the transport of the device before the call that follows it; one without prepare is skipped", async () => {
    const { transport, calls } = await router({
      adb: [{ serial: "a1", state: "device" }],
      farm: [{ serial: "f1", state: "device" }],
      plain: [{ serial: "p1", state: "device" }],
    });
    transport.prepare?.("f1");
    await transport.shell("f1", "echo");
    transport.prepare?.("p1");
    await transport.shell("p1", "echo");
    expect(calls.filter((c) => !c.endsWith(":list"))).toEqual(["farm:prepare:f1", "farm:shell:f1", "plain:shell:p1"]);
  });

  it("pull reaches the device's transport; one without pull refuses in words, a bug is the plugin's", async () => {
    const { transport, calls } = await router({
      farm: [{ serial: "f1", state: "device" }],
      plain: [{ serial: "p1", state: "device" }],
    });
    expect(await transport.pull?.("f1", "/sdcard/x")).toEqual({ ok: true, data: Buffer.from("farm:/sdcard/x") });
    expect(await transport.pull?.("p1", "/sdcard/x")).toEqual({
      ok: false,
      message: "the plain transport cannot pull files",
    });
    const error = await caught(() => transport.pull?.("f1", "/broken"));
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", details: { plugin: "transports", transport: "farm" } });
    expect(calls.filter((c) => c.includes(":pull:"))).toEqual(["farm:pull:f1", "farm:pull:f1"]);
  });

  it("a serial several transports report, or none, goes to config `transport` (else adb)", async () => {
    const both = [{ serial: "dup", state: "device" }];
    const byConfig = await router({ adb: both, farm: both }, { transport: "farm" });
    expect((await byConfig.transport.shell("dup", "x")).stdout).toBe("farm:x");
    expect((await byConfig.transport.shell("unknown", "x")).stdout).toBe("farm:x");
    const byDefault = await router({ farm: both, adb: both });
    expect((await byDefault.transport.shell("dup", "x")).stdout).toBe("adb:x");
  });

  it("a transport that cannot list is left out with a warning; all failing is the first error", async () => {
    const down = new ClawperatorError("ADB_NOT_FOUND", "adb was not found on PATH");
    const partly = await router({ adb: down, farm: [{ serial: "f1", state: "device" }] });
    expect(await partly.transport.listDevices()).toEqual([{ serial: "f1", state: "device", transport: "farm" }]);
    const none = await router({ adb: down, farm: new ClawperatorError("DEVICE_OFFLINE", "farm unreachable") });
    expect((await caught(() => none.transport.listDevices())).code).toBe("ADB_NOT_FOUND");
  });

  it("with one transport, its devices and errors pass through untagged", async () => {
    const { transport } = await router({ adb: [{ serial: "a1", state: "device" }] });
    expect(await transport.listDevices()).toEqual([{ serial: "a1", state: "device" }]);
    const failing = await router({ adb: new ClawperatorError("ADB_NOT_FOUND", "adb was not found on PATH") });
    const error = await caught(() => failing.transport.listDevices());
    expect(error.code).toBe("ADB_NOT_FOUND");
    expect(error.details).toMatchObject({ plugin: "transports", transport: "adb" });
  });

  it("config `transport` naming no registered transport is PLUGIN_INVALID listing the registered ones", async () => {
    const { kernel } = await router({ adb: [] }, { transport: "usb" });
    const error = await caught(() => kernel.services.resolve(Transport));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.details).toEqual({ transport: "usb", registered: ["adb"] });
    expect(kernel.services.resolve(TransportRegistry).keys()).toEqual(["adb"]);
  });
});
