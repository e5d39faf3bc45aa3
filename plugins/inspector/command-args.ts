import type { ArgsDef } from "citty";

/** `inspect` flags, as data. */
export const inspectArgs = {
  port: {
    type: "string",
    description: "Port to listen on (default: config serve.port, else 3000; 0 picks a free port)",
    valueHint: "number",
  },
  open: { type: "boolean", description: "Open the page in the default browser once the server listens" },
} as const satisfies ArgsDef;
