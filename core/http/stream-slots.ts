import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { createToken } from "../kernel/token.ts";

/** One long-lived response (an SSE stream) counted against the caps until it ends; `release` is idempotent. */
export interface StreamSlot {
  release(): void;
}

/**
 * The server's budget of long-lived streams, shared by every route that holds one open (GET /events, MCP's SSE
 * streams): each takes a slot before it answers, and a slot over the total or over its client's share is refused
 * with STREAM_LIMIT_REACHED (503). Whatever streams are open, the connections left below the process's file limit
 * keep /health and the API answering.
 */
export interface StreamSlots {
  /** A slot for a stream to `client` (its address), or STREAM_LIMIT_REACHED. */
  take(client: string): StreamSlot;
  /** Streams open now, in all. */
  readonly open: number;
}

export const StreamSlots = createToken<StreamSlots>("StreamSlots");

export interface StreamLimits {
  /** Streams open at once, in all. */
  max: number;
  /** Streams open at once to one client address. */
  perClient: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { max: 256, perClient: 64 };

export function createStreamSlots(limits: StreamLimits): StreamSlots {
  const byClient = new Map<string, number>();
  let open = 0;
  const refuse = (message: string, details: Record<string, unknown>) =>
    new ClawperatorError("STREAM_LIMIT_REACHED", message, {
      hint:
        "Close streams this client no longer reads (each GET /events or MCP stream holds a connection); " +
        "serve.maxStreams and serve.maxStreamsPerClient in the config set the caps.",
      details,
    });
  return {
    get open() {
      return open;
    },
    take(client) {
      const mine = byClient.get(client) ?? 0;
      if (open >= limits.max)
        throw refuse(`the server holds its most streams (${limits.max}) open`, { limit: limits.max, open });
      if (mine >= limits.perClient)
        throw refuse(`this client holds its most streams (${limits.perClient}) open`, {
          limit: limits.perClient,
          open: mine,
        });
      open++;
      byClient.set(client, mine + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          open--;
          const left = (byClient.get(client) ?? 1) - 1;
          if (left === 0) byClient.delete(client);
          else byClient.set(client, left);
        },
      };
    },
  };
}
