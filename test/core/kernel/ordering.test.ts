import { describe, expect, it } from "vitest";
import { bootKernel, definePlugin, orderPlugins, type ClawperatorPlugin } from "../../../core/kernel/index.ts";
import { caught } from "../../helpers/caught.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";

/** A plugin that only records when its setup ran. */
function recordingPlugin(name: string, log: string[], dependsOn?: string[]): ClawperatorPlugin {
  return { name, ...(dependsOn ? { dependsOn } : {}), setup: () => void log.push(name) };
}

describe("definePlugin", () => {
  it("returns its input unchanged", () => {
    const plugin = { name: "x", dependsOn: ["y"], setup() {} };
    expect(definePlugin(plugin)).toBe(plugin);
  });
});

describe("plugin order", () => {
  it("sets each plugin up after the plugins it depends on", async () => {
    const log: string[] = [];
    const kernel = await boot([
      recordingPlugin("serve", log, ["skills", "adb"]),
      recordingPlugin("skills", log, ["adb"]),
      recordingPlugin("adb", log),
    ]);
    expect(log).toEqual(["adb", "skills", "serve"]);
    expect(kernel.plugins).toEqual([
      { name: "adb", origin: "test:adb" },
      { name: "skills", origin: "test:skills" },
      { name: "serve", origin: "test:serve" },
    ]);
  });

  it("keeps the listed order when nothing forces another", async () => {
    const log: string[] = [];
    await boot(["c", "a", "d", "b"].map((name) => recordingPlugin(name, log)));
    expect(log).toEqual(["c", "a", "d", "b"]);
    expect(
      orderPlugins([{ name: "z" }, { name: "y", dependsOn: ["x"] }, { name: "x" }, { name: "w" }]).map((p) => p.name),
    ).toEqual(["z", "x", "y", "w"]);
  });

  it("refuses a missing dependency, naming both plugins, before any setup runs", async () => {
    const log: string[] = [];
    const error = await caught(() => boot([recordingPlugin("adb", log), recordingPlugin("doctor", log, ["operator"])]));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("doctor");
    expect(error.message).toContain('"operator"');
    expect(error.details).toEqual({ plugin: "doctor", missing: "operator" });
    expect(log).toEqual([]);
  });

  it("refuses a dependency cycle, showing the cycle", async () => {
    const error = await caught(() =>
      orderPlugins([
        { name: "free" },
        { name: "a", dependsOn: ["b"] },
        { name: "b", dependsOn: ["c"] },
        { name: "c", dependsOn: ["a"] },
      ]),
    );
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("a -> b -> c -> a");
    expect(error.details).toEqual({ cycle: ["a", "b", "c", "a"] });
  });

  it("refuses a plugin that depends on itself", async () => {
    const error = await caught(() => boot([recordingPlugin("loop", [], ["loop"])]));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("loop -> loop");
  });

  it("refuses two plugins with the same name", async () => {
    const error = await caught(() =>
      boot([recordingPlugin("adb", []), recordingPlugin("other", []), recordingPlugin("adb", [])]),
    );
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain('two plugins are named "adb"');
  });

  it("a setup that throws becomes PLUGIN_INVALID naming the plugin and its origin", async () => {
    const broken = definePlugin({
      name: "broken",
      setup() {
        throw new TypeError("options.greeting must be a string");
      },
    });
    const error = await caught(() => boot([broken]));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toBe("[plugin:broken] setup failed: options.greeting must be a string");
    expect(error.details).toEqual({ plugin: "broken", origin: "test:broken" });
  });

  it("passes each plugin its own options and name", async () => {
    const seen: unknown[] = [];
    const plugin = definePlugin<{ greeting: string }>({
      name: "hello",
      setup: (ctx) => void seen.push([ctx.name, ctx.options]),
    });
    await bootKernel({
      plugins: [{ plugin, options: { greeting: "Hi" }, origin: "pkg" }],
      config: {},
      logger: silentLogger,
    });
    expect(seen).toEqual([["hello", { greeting: "Hi" }]]);
  });
});
