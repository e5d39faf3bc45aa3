import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { CheckRegistry, definePlugin, RouteRegistry } from "../../../core/kernel/index.ts";
import { ExecutionHooks } from "../../../core/execution/hooks.ts";
import { Transport } from "../../../core/services/transport.ts";
import { caught } from "../../helpers/caught.ts";
import { boot } from "../../helpers/boot-kernel.ts";

const deviceGone = () => new ClawperatorError("DEVICE_NOT_FOUND", "no such phone", { details: { deviceId: "x" } });
const bug = () => new TypeError("cannot read properties of undefined");

/** A plugin whose every contribution fails, either with a ClawperatorError or with a bug. */
const failing = (name: string, make: () => Error) =>
  definePlugin({
    name,
    setup(ctx) {
      ctx.commands.add({
        path: ["fail"],
        description: "fails",
        load: async () => ({
          default: {
            run: () => {
              throw make();
            },
          },
        }),
      });
      ctx.routes.add({
        method: "GET",
        path: "/fail",
        load: async () => ({
          default: () => {
            throw make();
          },
        }),
      });
      ctx.checks.add({
        id: "fail.check",
        phase: "host",
        critical: false,
        description: "fails",
        load: async () => ({
          default: {
            run: async () => {
              throw make();
            },
          },
        }),
      });
      ctx.hooks.add({
        name: "fail-hook",
        load: async () => ({
          default: {
            beforeDispatch: () => {
              throw make();
            },
          },
        }),
      });
      ctx.transports.add({
        name: "farm",
        load: async () => ({
          default: () =>
            ({
              name: "farm",
              listDevices: async () => {
                throw make();
              },
            }) as never,
        }),
      });
    },
  });

describe("a failure inside a plugin's contribution carries the plugin and the contribution's id", () => {
  it("a ClawperatorError keeps its code, message and details, and gains details.plugin and the id", async () => {
    const kernel = await boot([failing("farm-plugin", deviceGone)]);
    const command = (await kernel.commands.get("fail")!.value.load()).default;
    const errors = {
      command: await caught(() => command.run({} as never, {} as never)),
      route: await caught(async () =>
        (await kernel.services.resolve(RouteRegistry).get("GET /fail")!.value.load()).default({} as never),
      ),
      check: await caught(async () =>
        (await kernel.services.resolve(CheckRegistry).get("fail.check")!.value.load()).default.run({} as never),
      ),
      hook: await caught(async () =>
        (await kernel.services.resolve(ExecutionHooks)())[0]!.beforeDispatch!({} as never),
      ),
      transport: await caught(() => kernel.services.resolve(Transport).listDevices()),
    };
    const ids = {
      command: { command: "fail" },
      route: { route: "GET /fail" },
      check: { check: "fail.check" },
      hook: { hook: "fail-hook" },
      transport: { transport: "farm" },
    };
    for (const [kind, error] of Object.entries(errors)) {
      expect(error.code, kind).toBe("DEVICE_NOT_FOUND");
      expect(error.message, kind).toBe("no such phone");
      expect(error.toJSON().details, kind).toEqual({
        deviceId: "x",
        plugin: "farm-plugin",
        ...ids[kind as keyof typeof ids],
      });
    }
  });

  it("any other error is INTERNAL_ERROR naming the plugin and the contribution", async () => {
    const kernel = await boot([failing("farm-plugin", bug)]);
    const command = (await kernel.commands.get("fail")!.value.load()).default;
    const error = await caught(() => command.run({} as never, {} as never));
    expect(error.code).toBe("INTERNAL_ERROR");
    expect(error.message).toBe("[plugin:farm-plugin] command fail failed: cannot read properties of undefined");
    expect(error.details).toEqual({ plugin: "farm-plugin", command: "fail" });
    const transport = await caught(() => kernel.services.resolve(Transport).listDevices());
    expect(transport.message).toBe("[plugin:farm-plugin] transport farm failed: cannot read properties of undefined");
  });

  it("a contribution that cannot be loaded is attributed too", async () => {
    const kernel = await boot([
      definePlugin({
        name: "p",
        setup: (ctx) =>
          ctx.commands.add({
            path: ["x"],
            description: "x",
            load: () => Promise.reject(new Error("Cannot find module './x.js'")),
          }),
      }),
    ]);
    const error = await caught(() => kernel.commands.get("x")!.value.load());
    expect(error.message).toBe("[plugin:p] command x failed: Cannot find module './x.js'");
  });

  it("an error that already names a plugin keeps that name (a plugin calling another's service)", async () => {
    const kernel = await boot([failing("inner", deviceGone)]);
    const outer = await boot([
      definePlugin({
        name: "outer",
        setup: (ctx) =>
          ctx.commands.add({
            path: ["outer"],
            description: "x",
            load: async () => ({ default: { run: () => kernel.services.resolve(Transport).listDevices() } }),
          }),
      }),
    ]);
    const error = await caught(async () =>
      (await outer.commands.get("outer")!.value.load()).default.run({} as never, {} as never),
    );
    expect(error.details).toMatchObject({ plugin: "inner", transport: "farm" });
  });
});
