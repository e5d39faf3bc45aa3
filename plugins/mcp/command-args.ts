import type { ArgsDef } from "citty";

/** `mcp` flags, as data. With --http the other flags are `serve`'s and mean what they mean there. */
export const mcpArgs = {
  agent: {
    type: "string",
    description: "Agent id of agents.list[] the session speaks for: its skills allowlist applies (stdio)",
  },
  http: {
    type: "boolean",
    description: "Serve MCP over Streamable HTTP at /mcp (with serve's token, Host and Origin rules) instead of stdio",
  },
  port: {
    type: "string",
    description: "With --http: port to listen on (default: config serve.port, else 3000; 0 picks a free port)",
    valueHint: "number",
  },
  host: {
    type: "string",
    description: "With --http: address to bind (default 127.0.0.1); anything but loopback needs a token",
  },
  "token-file": {
    type: "string",
    description:
      "With --http: file holding the bearer token /mcp requires (default: $CLAWPERATOR_SERVE_TOKEN, else config " +
      "serve.token); a path with no file gets a new token",
    valueHint: "path",
  },
} as const satisfies ArgsDef;
