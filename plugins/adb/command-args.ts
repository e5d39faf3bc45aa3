import type { ArgsDef } from "citty";

export const packagesListArgs = {
  "third-party": { type: "boolean", description: "Only third-party packages" },
} as const satisfies ArgsDef;
