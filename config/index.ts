export { defineConfig } from "./define-config.ts";
export { loadConfig } from "./load-config.ts";
export { CONFIG_SEARCH_PLACES } from "./search-dirs.ts";
export { resolvePlugins } from "./resolve-plugins.ts";
export { ConfigSchema, PluginRefSchema, type ClawperatorConfig, type ClawperatorConfigInput } from "./schema.ts";
