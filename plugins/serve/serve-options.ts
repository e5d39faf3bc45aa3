import { createToken } from "../../core/kernel/index.ts";

/** What the running server was started with, for the serve plugin's own routes (registered by the `serve` command). */
export interface ServeOptions {
  /** Interval of the SSE heartbeat after the CONNECTED one. */
  heartbeatMs: number;
  /** Whether routes other than /health need the bearer token. */
  tokenRequired: boolean;
  /** The package version, for /openapi.json. */
  version: string;
}

export const ServeOptions = createToken<ServeOptions>("serve.ServeOptions");

export const DEFAULT_HEARTBEAT_MS = 15_000;
/** How long a client may take to send a request, headers and body: ample for 256 KiB, short for a stalled client. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/** A bearer token shorter than this is refused: it could be guessed. */
export const MIN_TOKEN_LENGTH = 16;
