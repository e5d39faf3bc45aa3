import { defineCliCommand, definePlugin } from "clawperator";
import { z } from "zod";
import { helloArgs } from "./command-args.ts";

export default definePlugin({
  name: "hello",
  // The config entry `["clawperator-plugin-hello", { greeting: "Hi" }]` is parsed with this schema before setup;
  // a bad value fails boot with CONFIG_INVALID naming this plugin and the option's path.
  options: z.object({ greeting: z.string().min(1).default("Hello") }).default({ greeting: "Hello" }),
  setup(ctx) {
    // Typed from the schema: a string, defaulted.
    const { greeting } = ctx.options;

    // Declared as data: `clawperator --help` lists it without loading ./hello-command.ts.
    ctx.commands.add(
      defineCliCommand({
        path: ["hello"],
        description: "Greet someone (example plugin command)",
        args: helloArgs,
        load: async () => (await import("./hello-command.ts")).createHelloCommand(greeting),
      }),
    );

    // Served by `clawperator serve` as GET /hello.
    ctx.routes.add({
      method: "GET",
      path: "/hello",
      description: "Greeting as JSON",
      load: () => import("./hello-route.ts"),
    });

    // Run by `clawperator doctor` in the host phase, after the built-in host checks (order 0). Not critical: its
    // warning is shown, and does not make the report fail.
    ctx.checks.add({
      id: "hello.host.tmpdir-writable",
      phase: "host",
      description: "The temp directory is writable",
      load: () => import("./tmpdir-check.ts"),
    });
  },
});
