import { definePlugin } from "clawperator";
import { z } from "zod";

export default definePlugin({
  name: "farm",
  options: z.object({ host: z.string().min(1).default("127.0.0.1"), port: z.number().int().min(1).max(65_535) }),
  setup(ctx) {
    const { host, port } = ctx.options;
    // Loaded on the first device call; `clawperator --help` never imports execa.
    ctx.transports.add({
      name: "farm",
      create: async () => (await import("./farm-transport.ts")).farmTransport(host, port),
    });
  },
});
