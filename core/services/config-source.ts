import { createToken } from "../kernel/token.ts";
import type { RuntimeConfig } from "./runtime-config.ts";

/**
 * The config file read again, for long-lived hosts whose config changed on disk (a skills watcher, an edit made
 * through the API): the same file and overrides the runtime booted with, validated. The composition root registers
 * it; a failed read throws (CONFIG_INVALID) and the caller keeps what it had.
 */
export interface ConfigSource {
  reload(): Promise<RuntimeConfig>;
}

export const ConfigSource = createToken<ConfigSource>("ConfigSource");
