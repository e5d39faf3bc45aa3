import type { ArgsDef } from "citty";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  createToken,
  defineCliCommand,
  defineCommandHandler,
  definePlugin,
  type CommandContribution,
  type CommandDefinition,
  type CommandHandler,
  type PluginContext,
} from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import { caught } from "../../helpers/caught.ts";
import { boot } from "../../helpers/boot-kernel.ts";

const unused = () => Promise.reject(new Error("must not be loaded"));
const command = (path: string[], extra: Partial<CommandContribution> = {}): CommandContribution => ({
  path,
  description: path.join(" "),
  load: unused,
  ...extra,
});
const plugin = (name: string, setup: (ctx: PluginContext) => void) => definePlugin({ name, setup });

describe("contributions", () => {
  it("registers commands under their path and aliases, pointing at the same contribution", async () => {
    const execute = command(["execute"], { aliases: [["exec"], ["run", "now"]] });
    const kernel = await boot([plugin("operator", (ctx) => ctx.commands.add(execute))]);
    expect(kernel.commands.keys()).toEqual(["execute", "exec", "run now"]);
    expect(kernel.commands.get("exec")).toEqual({
      plugin: "operator",
      value: { ...execute, load: expect.any(Function) },
    });
    expect(kernel.commands.get("run now")?.value).toBe(kernel.commands.get("execute")?.value);
  });

  it("registers routes, doctor checks, hooks and transports, owned by the plugin that added them", async () => {
    const kernel = await boot([
      plugin("hello", (ctx) => {
        ctx.routes.add({ method: "GET", path: "/hello", load: unused });
        ctx.checks.add({ id: "hello.host.tmp", phase: "host", critical: false, description: "tmp", load: unused });
        ctx.hooks.add({ name: "close-app", load: unused });
        ctx.transports.add({ name: "fake", load: unused });
      }),
    ]);
    expect(kernel.routes.get("GET /hello")?.plugin).toBe("hello");
    expect(kernel.checks.get("hello.host.tmp")?.plugin).toBe("hello");
    expect(kernel.hooks.get("close-app")?.plugin).toBe("hello");
    expect(kernel.transports.get("fake")?.plugin).toBe("hello");
  });

  it("a group declared by two plugins keeps the first description", async () => {
    const kernel = await boot([
      plugin("a", (ctx) => ctx.commands.group({ path: ["virtual"], description: "first" })),
      plugin("b", (ctx) => ctx.commands.group({ path: ["virtual"], description: "second" })),
    ]);
    expect(kernel.groups.get("virtual")).toEqual({ plugin: "a", value: { path: ["virtual"], description: "first" } });
  });
});

describe("duplicate contributions are PLUGIN_INVALID naming both plugins", () => {
  const expectConflict = async (
    first: (ctx: PluginContext) => void,
    second: (ctx: PluginContext) => void,
    key: string,
  ) => {
    const error = await caught(() => boot([plugin("first-plugin", first), plugin("second-plugin", second)]));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("first-plugin");
    expect(error.message).toContain("second-plugin");
    expect(error.message).toContain(`"${key}"`);
    expect(error.details).toMatchObject({ key, plugins: ["first-plugin", "second-plugin"] });
  };

  it("the same command path", async () => {
    await expectConflict(
      (ctx) => ctx.commands.add(command(["emulator", "start"])),
      (ctx) => ctx.commands.add(command(["emulator", "start"])),
      "emulator start",
    );
  });

  it("a command path taken by another plugin's alias", async () => {
    await expectConflict(
      (ctx) => ctx.commands.add(command(["execute"], { aliases: [["exec"]] })),
      (ctx) => ctx.commands.add(command(["exec"])),
      "exec",
    );
  });

  it("an alias that is another plugin's command path", async () => {
    await expectConflict(
      (ctx) => ctx.commands.add(command(["snapshot"])),
      (ctx) => ctx.commands.add(command(["observe", "snapshot"], { aliases: [["snapshot"]] })),
      "snapshot",
    );
  });

  it("the same route method and path", async () => {
    await expectConflict(
      (ctx) => ctx.routes.add({ method: "POST", path: "/execute", load: unused }),
      (ctx) => ctx.routes.add({ method: "POST", path: "/execute", load: unused }),
      "POST /execute",
    );
  });

  it("the same doctor check id", async () => {
    const check = { id: "host.adb.present", phase: "host" as const, critical: true, description: "adb", load: unused };
    await expectConflict(
      (ctx) => ctx.checks.add(check),
      (ctx) => ctx.checks.add({ ...check, critical: false }),
      "host.adb.present",
    );
  });

  it("but the same path under another method is a different route", async () => {
    const kernel = await boot([
      plugin("a", (ctx) => ctx.routes.add({ method: "GET", path: "/skills", load: unused })),
      plugin("b", (ctx) => ctx.routes.add({ method: "POST", path: "/skills", load: unused })),
    ]);
    expect(kernel.routes.keys()).toEqual(["GET /skills", "POST /skills"]);
  });
});

describe("laziness", () => {
  it("booting and listing touch no command, route, check, hook or transport implementation", async () => {
    const load = vi.fn(unused);
    const kernel = await boot([
      plugin("p", (ctx) => {
        ctx.commands.add(command(["one"], { load, aliases: [["uno"]] }));
        ctx.commands.add(command(["group", "two"], { load }));
        ctx.routes.add({ method: "GET", path: "/one", load });
        ctx.checks.add({ id: "one", phase: "host", critical: false, description: "one", load });
        ctx.hooks.add({ name: "one", load });
        ctx.transports.add({ name: "one", load });
      }),
    ]);
    const listing = kernel.commands.entries().map(({ value }) => `${value.path.join(" ")}: ${value.description}`);
    expect(listing).toEqual(["one: one", "one: one", "group two: group two"]);
    expect(load).not.toHaveBeenCalled();
  });
});

describe("typed contributions", () => {
  it("a command handler's args are typed from the contribution's citty definition", async () => {
    const args = {
      serial: { type: "positional", required: true, description: "serial" },
      "dry-run": { type: "boolean", description: "dry" },
      level: { type: "enum", options: ["low", "high"], description: "level" },
    } as const satisfies ArgsDef;
    const seen: unknown[] = [];
    const handler: CommandHandler<typeof args> = {
      run(parsed) {
        expectTypeOf(parsed.serial).toEqualTypeOf<string>();
        expectTypeOf(parsed["dry-run"]).toEqualTypeOf<boolean | undefined>();
        expectTypeOf(parsed.level).toEqualTypeOf<"low" | "high" | undefined>();
        seen.push(parsed.serial);
      },
    };
    const kernel = await boot([
      plugin("p", (ctx) =>
        ctx.commands.add({ path: ["x"], description: "x", args, load: async () => ({ default: handler }) }),
      ),
    ]);
    await (await kernel.commands.get("x")!.value.load()).default.run(
      { _: [], serial: "emulator-5554" } as never,
      {} as never,
    );
    expect(seen).toEqual(["emulator-5554"]);
  });

  it("defineCliCommand infers the args from the table and refuses a handler typed for another table", async () => {
    const args = { serial: { type: "positional", required: true, description: "serial" } } as const satisfies ArgsDef;
    const more = { ...args, force: { type: "boolean", required: true, description: "force" } } as const;
    const handler: CommandHandler<typeof args, string> = { run: (parsed) => parsed.serial };
    const wants: CommandHandler<typeof more, boolean> = { run: (parsed) => parsed.force };
    const command = defineCliCommand({ path: ["x"], description: "x", args, load: async () => ({ default: handler }) });
    expectTypeOf(command).toEqualTypeOf<CommandDefinition<typeof args, string>>();
    // @ts-expect-error the handler reads --force, which the table does not declare
    defineCliCommand({ path: ["y"], description: "y", args, load: async () => ({ default: wants }) });
    // @ts-expect-error a command without a table gets no args to read
    defineCliCommand({ path: ["z"], description: "z", load: async () => ({ default: handler }) });

    const kernel = await boot([plugin("p", (ctx) => ctx.commands.add(command))]);
    const registered = (await kernel.commands.get("x")!.value.load()).default;
    expect(await registered.run({ _: [], serial: "emulator-5554" } as never, {} as never)).toBe("emulator-5554");
  });

  it("an inline command's result types its pretty and exitCode; a handler module's too", async () => {
    const args = { n: { type: "string", description: "n" } } as const satisfies ArgsDef;
    const inline = defineCliCommand({
      path: ["count"],
      description: "count",
      args,
      run: (parsed) => ({ count: Number(parsed.n ?? 0) }),
      pretty: (result) => {
        expectTypeOf(result).toEqualTypeOf<{ count: number }>();
        return `${result.count} things`;
      },
      exitCode: (result) => (result.count > 0 ? 0 : 3),
    });
    const module = defineCommandHandler(args, {
      run: async (parsed) => [parsed.n ?? ""],
      pretty: (result) => {
        expectTypeOf(result).toEqualTypeOf<string[]>();
        return result.join(",");
      },
    });
    const kernel = await boot([
      plugin("p", (ctx) => {
        ctx.commands.add(inline);
        ctx.commands.add({ path: ["list"], description: "list", args, load: module });
      }),
    ]);
    const count = (await kernel.commands.get("count")!.value.load()).default;
    const result = await count.run({ _: [], n: "0" } as never, {} as never);
    expect(result).toEqual({ count: 0 });
    expect(count.pretty?.(result)).toBe("0 things");
    expect(count.exitCode?.(result)).toBe(3);
    const list = (await kernel.commands.get("list")!.value.load()).default;
    expect(list.pretty?.(await list.run({ _: [], n: "a" } as never, {} as never))).toBe("a");
  });

  it("services resolve with the token's type, no type argument", async () => {
    const Clock = createToken<{ now(): number }>("test.TypedClock");
    const kernel = await boot([plugin("p", (ctx) => ctx.services.register(Clock, { useValue: { now: () => 1 } }))]);
    expectTypeOf(kernel.services.resolve(Clock)).toEqualTypeOf<{ now(): number }>();
    expectTypeOf(kernel.services.resolve(Transport)).toEqualTypeOf<Transport>();
    expect(kernel.services.resolve(Clock).now()).toBe(1);
  });
});
