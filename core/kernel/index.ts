export type * from "./contributions.ts";
export { definePlugin, type ClawperatorPlugin, type PluginContext } from "./define-plugin.ts";
export { bootKernel, commandKey, type Kernel, type PluginEntry } from "./kernel.ts";
export { orderPlugins } from "./order-plugins.ts";
export { Registry, type Owned } from "./registry.ts";
export type { ServiceAccess } from "./service-access.ts";
