/** The public API for plugin authors and embedders. */
export * from "./core/contracts/index.ts";
export * from "./core/kernel/index.ts";
export * from "./core/services/index.ts";
export * from "./core/execution/index.ts";
export { defineConfig, type ClawperatorConfig, type ClawperatorConfigInput } from "./config/index.ts";
export { createClawperator, type Clawperator, type ExecuteOptions } from "./cli/runtime.ts";
