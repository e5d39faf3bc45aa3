import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { definePlugin } from "../../../core/kernel/index.ts";
import { caught } from "../../helpers/caught.ts";
import { boot } from "../../helpers/boot-kernel.ts";

describe("plugin setup", () => {
  it("a setup that never settles fails boot with PLUGIN_INVALID naming the plugin, after pluginSetupTimeoutMs", async () => {
    const hang = definePlugin({ name: "hang", setup: () => new Promise<void>(() => {}) });
    const error = await caught(() => boot([hang], { pluginSetupTimeoutMs: 20 }));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toBe("[plugin:hang] setup did not settle within 20 ms");
    expect(error.details).toMatchObject({ plugin: "hang", timeoutMs: 20 });
  });

  it("a slow setup within the limit boots", async () => {
    const slow = definePlugin({ name: "slow", setup: () => new Promise<void>((resolve) => setImmediate(resolve)) });
    const kernel = await boot([slow], { pluginSetupTimeoutMs: 5_000 });
    expect(kernel.plugins.map((p) => p.name)).toEqual(["slow"]);
  });

  it("a ClawperatorError thrown in setup keeps its code and gains the plugin's name", async () => {
    const failing = definePlugin({
      name: "farm",
      setup() {
        throw new ClawperatorError("CONFIG_INVALID", "lab host unreachable", {
          hint: "check the VPN",
          details: { host: "lab-1" },
        });
      },
    });
    const error = await caught(() => boot([failing]));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toBe("[plugin:farm] setup failed: lab host unreachable");
    expect(error.hint).toBe("check the VPN");
    expect(error.details).toMatchObject({ host: "lab-1", plugin: "farm", origin: "test:farm" });
  });

  it("any other error in setup is PLUGIN_INVALID naming the plugin", async () => {
    const failing = definePlugin({
      name: "broken",
      setup: async () => {
        throw new TypeError("x is not a function");
      },
    });
    const error = await caught(() => boot([failing]));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toBe("[plugin:broken] setup failed: x is not a function");
    expect(error.details).toMatchObject({ plugin: "broken" });
  });

  it("a duplicate registration inside setup is named once, not wrapped twice", async () => {
    const a = definePlugin({
      name: "a",
      setup: (ctx) =>
        ctx.checks.add({
          id: "x",
          phase: "host",
          critical: false,
          description: "x",
          load: async () => ({ default: { run: async () => ({ status: "pass", summary: "" }) } }),
        }),
    });
    const b = definePlugin({
      name: "b",
      setup: (ctx) =>
        ctx.checks.add({
          id: "x",
          phase: "host",
          critical: false,
          description: "x",
          load: async () => ({ default: { run: async () => ({ status: "pass", summary: "" }) } }),
        }),
    });
    const error = await caught(() => boot([a, b]));
    expect(error.message).toBe('[plugin:b] doctor check "x" is already registered by plugin "a"');
  });
});
