import { EventEmitter } from "node:events";

/** Events core publishes; plugins (serve's SSE, the OpenClaw bridge) subscribe. */
export interface ClawperatorEvents {
  /** Every execution attempt, including ones that failed before reaching a device. */
  "clawperator:execution": { deviceId?: string; input: unknown; result: unknown };
  /** Every terminal result with a known device. */
  "clawperator:result": { deviceId: string; envelope: unknown };
}

export type EventName = keyof ClawperatorEvents;

export interface EventBus {
  on<E extends EventName>(event: E, listener: (payload: ClawperatorEvents[E]) => void): () => void;
  emit<E extends EventName>(event: E, payload: ClawperatorEvents[E]): void;
}

export const EventBus = Symbol.for("clawperator.EventBus");

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    on(event, listener) {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    emit(event, payload) {
      emitter.emit(event, payload);
    },
  };
}
