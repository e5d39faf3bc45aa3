import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { DEFAULT_HEARTBEAT_MS } from "../serve-options.ts";
import { isLoopback } from "./security.ts";

export interface ServeSettings {
  host: string;
  port: number;
  token?: string;
  allowedHosts: string[];
  heartbeatMs: number;
}

export interface ServeFlags {
  port?: string;
  host?: string;
  token?: string;
  "allowed-hosts"?: string;
  "heartbeat-ms"?: string;
}

function integer(flag: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
    throw new ClawperatorError(
      "USAGE",
      `--${flag} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`,
    );
  }
  return parsed;
}

/**
 * Flags beat the environment (token only), which beats the config, which beats the defaults (127.0.0.1:3000).
 * Binding anything but loopback without a token is refused: the API drives devices.
 */
export function resolveSettings(
  flags: ServeFlags,
  config: RuntimeConfig,
  env: NodeJS.ProcessEnv = process.env,
): ServeSettings {
  const host = flags.host ?? config.serve?.host ?? "127.0.0.1";
  const port = flags.port === undefined ? (config.serve?.port ?? 3000) : integer("port", flags.port, 0, 65_535);
  const token = flags.token ?? (env.CLAWPERATOR_SERVE_TOKEN || undefined) ?? config.serve?.token;
  if (token !== undefined && token.trim() === "") throw new ClawperatorError("USAGE", "--token must not be empty");
  if (!isLoopback(host) && token === undefined) {
    throw new ClawperatorError(
      "SERVE_TOKEN_REQUIRED",
      `binding ${host} exposes the devices to the network; a token is required`,
      {
        hint:
          "Pass --token <secret> (or set CLAWPERATOR_SERVE_TOKEN, or serve.token in the config), or bind " +
          "127.0.0.1.",
        details: { host },
      },
    );
  }
  const allowedHosts = (flags["allowed-hosts"] ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  const heartbeatMs =
    flags["heartbeat-ms"] === undefined
      ? DEFAULT_HEARTBEAT_MS
      : integer("heartbeat-ms", flags["heartbeat-ms"], 10, 3_600_000);
  return { host, port, ...(token === undefined ? {} : { token }), allowedHosts, heartbeatMs };
}
