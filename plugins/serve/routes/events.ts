import { defineHandler } from "h3";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import { StreamSlots } from "../../../core/http/stream-slots.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { routeContext } from "../http/route-context.ts";
import { SseHub } from "../http/sse-hub.ts";
import { ServeOptions } from "../serve-options.ts";

/** One hub per kernel: a process serving two kernels (tests, embedders) keeps their events apart. */
const hubs = new WeakMap<ServiceAccess, SseHub>();

/**
 * GET /events: Server-Sent Events (docs/http-api.md#events): `heartbeat`, `clawperator:result`,
 * `clawperator:execution`, skills.
 */
export default defineHandler((event) => {
  const { services, shutdown } = routeContext(event);
  let hub = hubs.get(services);
  if (!hub) {
    hub = new SseHub({
      bus: services.resolve(EventBus),
      heartbeatMs: services.resolve(ServeOptions).heartbeatMs,
      slots: services.resolve(StreamSlots),
      shutdown,
    });
    hubs.set(services, hub);
  }
  return hub.open(event);
});
