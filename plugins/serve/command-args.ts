import type { ArgsDef } from "citty";

/** `serve` flags, as data. No citty defaults: a flag given beats the config, and the config beats the defaults. */
export const serveArgs = {
  port: {
    type: "string",
    description: "Port to listen on (default: config serve.port, else 3000; 0 picks a free port)",
    valueHint: "number",
  },
  host: {
    type: "string",
    description: "Address to bind (default: config serve.host, else 127.0.0.1); anything but loopback needs a token",
  },
  "token-file": {
    type: "string",
    description:
      "File holding the bearer token every route but /health requires (16+ characters; yours, mode 0600); a path " +
      "with no file gets a new token written there (default: $CLAWPERATOR_SERVE_TOKEN, else config serve.token)",
    valueHint: "path",
  },
  token: {
    type: "string",
    description:
      "The bearer token itself, as the reference CLI takes it; every local user can read a command line (ps), so " +
      "prefer --token-file or CLAWPERATOR_SERVE_TOKEN",
    valueHint: "token",
  },
  "allowed-hosts": {
    type: "string",
    description: "Extra Host names clients may use, comma-separated (e.g. a reverse proxy's name)",
    valueHint: "names",
  },
  "allowed-origins": {
    type: "string",
    description:
      "Web origins besides the server's own whose pages may call the API, comma-separated " +
      "(also config serve.allowedOrigins)",
    valueHint: "origins",
  },
  "request-timeout-ms": {
    type: "string",
    description: "How long a client may take to send a request, headers and body, before a 408 (default 10000)",
    valueHint: "ms",
  },
  "heartbeat-ms": {
    type: "string",
    description: "Interval of the SSE heartbeat on /events (default 15000)",
    valueHint: "ms",
  },
} as const satisfies ArgsDef;
