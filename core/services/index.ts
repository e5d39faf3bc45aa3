export { createEventBus, EventBus, type ClawperatorEvents, type EventName } from "./event-bus.ts";
export { createStderrLogger, Logger } from "./logger.ts";
export { RuntimeConfig } from "./runtime-config.ts";
export { Transport, type CallOptions, type LineStream, type ShellResult } from "./transport.ts";
export { HostInfo } from "./host-info.ts";
