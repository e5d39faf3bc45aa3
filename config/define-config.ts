import type { ClawperatorConfigInput } from "./schema.ts";

/** Returns its input; exists so a `clawperator.config.ts` gets types and completion. */
export function defineConfig(config: ClawperatorConfigInput): ClawperatorConfigInput {
  return config;
}
