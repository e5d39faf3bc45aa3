import type { ArgsDef } from "clawperator";

export const helloArgs = {
  name: { type: "positional", required: false, description: "Who to greet" },
  shout: { type: "boolean", description: "Greet in capitals" },
} as const satisfies ArgsDef;
