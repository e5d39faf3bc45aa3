import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { bootKernel, definePlugin, type ClawperatorPlugin } from "../../../core/kernel/index.ts";
import { caught } from "../../helpers/caught.ts";
import { silentLogger } from "../../helpers/boot-kernel.ts";

const withOptions = (plugin: ClawperatorPlugin, options: unknown, config = {}) =>
  bootKernel({ plugins: [{ plugin, options, origin: "./farm.ts" }], config, logger: silentLogger });

describe("plugin options are parsed by the kernel with the plugin's schema", () => {
  const seen: unknown[] = [];
  const farm = definePlugin({
    name: "farm",
    options: z.object({
      host: z.string().min(1),
      port: z.number().int().default(7100),
      tags: z.array(z.string()).default([]),
    }),
    setup(ctx) {
      expectTypeOf(ctx.options).toEqualTypeOf<{ host: string; port: number; tags: string[] }>();
      seen.push(ctx.options);
    },
  });

  it("setup receives the parsed options, defaults applied", async () => {
    seen.length = 0;
    await withOptions(farm, { host: "lab-1" });
    expect(seen).toEqual([{ host: "lab-1", port: 7100, tags: [] }]);
  });

  it("a bad value is CONFIG_INVALID naming the plugin and every option path; setup never runs", async () => {
    seen.length = 0;
    const error = await caught(() => withOptions(farm, { host: "", port: "80", tags: ["a", 2] }));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toMatch(/^\[plugin:farm\] invalid options: /);
    expect(error.message).toContain('option "host"');
    expect(error.message).toContain('option "port"');
    expect(error.message).toContain('option "tags.1"');
    expect(error.details).toMatchObject({
      plugin: "farm",
      origin: "./farm.ts",
      issues: expect.arrayContaining([expect.objectContaining({ path: "tags.1" })]),
    });
    expect(seen).toEqual([]);
  });

  it("missing options are validated too (a required option is reported)", async () => {
    const error = await caught(() => withOptions(farm, undefined));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain("[plugin:farm]");
  });

  it("a plugin without a schema receives its options as written", async () => {
    const got: unknown[] = [];
    const loose = definePlugin({ name: "loose", setup: (ctx) => void got.push(ctx.options) });
    expectTypeOf<Parameters<typeof loose.setup>[0]["options"]>().toEqualTypeOf<unknown>();
    await withOptions(loose, { anything: [1] });
    expect(got).toEqual([{ anything: [1] }]);
  });
});
