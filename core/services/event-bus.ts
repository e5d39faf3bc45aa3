import { createToken } from "../kernel/token.ts";
import { EventEmitter } from "node:events";
import type { ClawperatorErrorShape } from "../contracts/clawperator-error.ts";
import type { ResultEnvelope } from "../contracts/envelope.ts";
import type { RunExecutionResult } from "../execution/runner.ts";

/** Events core publishes; plugins (serve's SSE, the OpenClaw bridge) subscribe. */
export interface ClawperatorEvents {
  /** Every execution attempt, including ones that failed before reaching a device. */
  "clawperator:execution": {
    deviceId?: string;
    input: unknown;
    result: RunExecutionResult | { ok: false; error: ClawperatorErrorShape };
  };
  /** Every terminal result with a known device. */
  "clawperator:result": { deviceId: string; envelope: ResultEnvelope };
  /**
   * The skills a long-lived host sees changed (a SKILL.md or the config changed, an install, an edit): the snapshots
   * were rebuilt and carry `version`. What serve's SSE clients and MCP sessions are told.
   */
  "clawperator:skills-changed": { version: number; reason: string };
  /** A line of a skill dependency install's output (`skills install-deps`), for clients that show progress. */
  "clawperator:skills-install-progress": { name: string; installId: string; line: string };
  /** A device is gone for good (a virtual device stopped): what was kept about it (its agent view) goes too. */
  "clawperator:device-removed": { deviceId: string };
  /** `serve` listens (what `inspect --open` waits for before it opens a browser). */
  "clawperator:serve-listening": { url: string };
}

export type EventName = keyof ClawperatorEvents;

export interface EventBus {
  on<E extends EventName>(event: E, listener: (payload: ClawperatorEvents[E]) => void): () => void;
  emit<E extends EventName>(event: E, payload: ClawperatorEvents[E]): void;
}

export const EventBus = createToken<EventBus>("EventBus");

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
