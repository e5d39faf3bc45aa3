import { definePlugin } from "clawperator";
import { z } from "zod";

// Options come from the config entry `["clawperator-plugin-hello", { greeting: "Hi" }]`; plugins validate their own.
const Options = z.object({ greeting: z.string().min(1).default("Hello") }).default({ greeting: "Hello" });

export default definePlugin({
  name: "hello",
  setup(ctx) {
    const { greeting } = Options.parse(ctx.options ?? undefined);

    // Declared as data: `clawperator --help` lists it without loading ./hello-command.ts.
    ctx.commands.add({
      path: ["hello"],
      description: "Greet someone (example plugin command)",
      args: { name: { type: "positional", required: false, description: "Who to greet" } },
      load: async () => ({ default: (await import("./hello-command.ts")).createHelloCommand(greeting) }),
    });

    // Served by `clawperator serve` as GET /hello.
    ctx.routes.add({ method: "GET", path: "/hello", description: "Greeting as JSON", load: () => import("./hello-route.ts") });

    // Run by `clawperator doctor` in the host phase; not critical, so a failure is a warning.
    ctx.checks.add({
      id: "hello.host.tmpdir-writable",
      phase: "host",
      critical: false,
      description: "The temp directory is writable",
      load: () => import("./tmpdir-check.ts"),
    });
  },
});
