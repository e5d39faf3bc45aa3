import { createToken } from "../../core/kernel/index.ts";

/** What the running server was started with, for the serve plugin's own routes (registered by the `serve` command). */
export interface ServeOptions {
  /** Interval of the SSE heartbeat after the CONNECTED one. */
  heartbeatMs: number;
  /** Upper bound of a request body; bigger bodies are PAYLOAD_TOO_LARGE before they are parsed. */
  bodyLimitBytes: number;
  /** Whether routes other than /health need the bearer token. */
  tokenRequired: boolean;
  /** The package version, for /openapi.json. */
  version: string;
}

export const ServeOptions = createToken<ServeOptions>("serve.ServeOptions");

/** Four times the 64,000-byte execution limit: room for a pretty-printed, escaped payload, and still small. */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;
export const DEFAULT_HEARTBEAT_MS = 15_000;
