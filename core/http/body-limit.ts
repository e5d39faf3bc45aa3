/**
 * The largest request body a route reads: four times the 64,000-byte execution limit, room for a pretty-printed,
 * escaped payload, and still small. `serve` bounds every body with it as it is read, whichever route reads it.
 */
export const BODY_LIMIT_BYTES = 256 * 1024;
