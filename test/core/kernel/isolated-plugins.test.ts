import { z } from "zod";
import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { bootKernel, type ClawperatorPlugin, type PluginEntry } from "../../../core/kernel/index.ts";
import { caught } from "../../helpers/caught.ts";
import { silentLogger } from "../../helpers/boot-kernel.ts";

const builtin = (plugin: ClawperatorPlugin): PluginEntry => ({ plugin, origin: "builtin" });
const configured = (plugin: ClawperatorPlugin, options?: unknown): PluginEntry => ({
  plugin,
  origin: `pkg-${plugin.name}`,
  isolated: true,
  ...(options === undefined ? {} : { options }),
});

/** A plugin with one command, `<name>`, registered before its setup does anything else. */
function commandPlugin(name: string, setup: () => void = () => {}, dependsOn?: string[]): ClawperatorPlugin {
  return {
    name,
    ...(dependsOn ? { dependsOn } : {}),
    setup(ctx) {
      ctx.commands.add({ path: [name], description: name, load: async () => ({ default: { run: () => name } }) });
      ctx.checks.add({
        id: `${name}.check`,
        phase: "host",
        critical: false,
        description: name,
        load: async () => ({ default: { run: async () => ({ status: "pass", summary: name }) } }),
      });
      setup();
    },
  };
}

const boot = (plugins: PluginEntry[], failures = []) =>
  bootKernel({ plugins, failures, config: { pluginSetupTimeoutMs: 200 }, logger: silentLogger });

describe("a configured (isolated) plugin that fails", () => {
  it("setup that throws: the plugin is left out with its contributions, the others are set up, the failure kept", async () => {
    const kernel = await boot([
      builtin(commandPlugin("adb")),
      configured(
        commandPlugin("broken", () => {
          throw new Error("boom");
        }),
      ),
      configured(commandPlugin("fine")),
    ]);
    expect(kernel.plugins.map((p) => p.name)).toEqual(["adb", "fine"]);
    expect(kernel.commands.keys()).toEqual(["adb", "fine"]);
    expect(kernel.checks.keys()).toEqual(["adb.check", "fine.check"]);
    expect(kernel.failures).toHaveLength(1);
    expect(kernel.failures[0]).toMatchObject({ plugin: "broken", origin: "pkg-broken" });
    expect(kernel.failures[0]!.error).toBeInstanceOf(ClawperatorError);
    expect(kernel.failures[0]!.error).toMatchObject({
      code: "PLUGIN_INVALID",
      message: "[plugin:broken] setup failed: boom",
      details: { plugin: "broken", origin: "pkg-broken" },
    });
  });

  it("options its schema refuses, a setup that never settles, a command path already taken: each one a failure", async () => {
    const withOptions: ClawperatorPlugin<{ n: number }> = {
      name: "opts",
      options: z.object({ n: z.number() }),
      setup() {},
    };
    const kernel = await boot([
      builtin(commandPlugin("adb")),
      configured(withOptions as ClawperatorPlugin, { n: "one" }),
      configured({ name: "slow", setup: () => new Promise(() => {}) }),
      configured({
        name: "thief",
        setup(ctx) {
          ctx.commands.add({ path: ["adb"], description: "", load: async () => ({ default: { run: () => 0 } }) });
        },
      }),
    ]);
    expect(kernel.failures.map((f) => [f.plugin, f.error.code])).toEqual([
      ["opts", "CONFIG_INVALID"],
      ["slow", "PLUGIN_INVALID"],
      ["thief", "PLUGIN_INVALID"],
    ]);
    expect(kernel.commands.get("adb")?.plugin).toBe("adb");
  });

  it("a name taken, a dependency missing or failed: the dependants fail too, naming the cause", async () => {
    const kernel = await boot([
      builtin(commandPlugin("adb")),
      configured(commandPlugin("adb")),
      configured(commandPlugin("orphan", undefined, ["absent"])),
      configured(
        commandPlugin("base", () => {
          throw new Error("no");
        }),
      ),
      configured(commandPlugin("child", undefined, ["base"])),
    ]);
    expect(kernel.plugins.map((p) => p.name)).toEqual(["adb"]);
    expect(Object.fromEntries(kernel.failures.map((f) => [f.plugin, f.error.message]))).toEqual({
      adb: expect.stringContaining('two plugins are named "adb"'),
      orphan: expect.stringContaining('depends on "absent", which is not loaded'),
      base: "[plugin:base] setup failed: no",
      child: '[plugin:child] depends on "base", which failed to load',
    });
    expect(kernel.commands.keys()).toEqual(["adb"]);
  });

  it("failures of loading, given to the kernel, are reported beside its own", async () => {
    const loadFailure = {
      plugin: "clawperator-plugin-gone",
      origin: "clawperator-plugin-gone",
      error: new ClawperatorError("PLUGIN_INVALID", "[plugin:clawperator-plugin-gone] could not be loaded"),
    };
    const kernel = await bootKernel({
      plugins: [builtin(commandPlugin("adb"))],
      failures: [loadFailure],
      config: {},
      logger: silentLogger,
    });
    expect(kernel.failures).toEqual([loadFailure]);
  });

  it("a built-in plugin that fails still stops the boot", async () => {
    const error = await caught(() =>
      boot([
        builtin(
          commandPlugin("adb", () => {
            throw new Error("bug");
          }),
        ),
      ]),
    );
    expect(error).toMatchObject({ code: "PLUGIN_INVALID", message: "[plugin:adb] setup failed: bug" });
  });
});
