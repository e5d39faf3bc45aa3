import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "../../../core/http/stream-slots.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { DEFAULT_HEARTBEAT_MS, DEFAULT_REQUEST_TIMEOUT_MS, MIN_TOKEN_LENGTH } from "../serve-options.ts";
import { isLoopback, normalizeOrigin } from "./security.ts";
import { readTokenFile } from "./token-file.ts";

export interface ServeSettings {
  host: string;
  port: number;
  token?: string;
  /** Where the token was read from, or written to when the file was new (`--token-file`). */
  tokenFile?: { path: string; generated: boolean };
  allowedHosts: string[];
  /** Web origins besides the server's own that may call it, normalized (`http://localhost:5173`). */
  allowedOrigins: string[];
  heartbeatMs: number;
  requestTimeoutMs: number;
  streams: StreamLimits;
}

export interface ServeFlags {
  port?: string;
  host?: string;
  "token-file"?: string;
  /** `--token`: the reference CLI's flag, kept for the scripts that use it; `serve` warns that argv is readable. */
  token?: string;
  /** A token a front end gives in code (`inspect`'s, generated per start). */
  givenToken?: string;
  "allowed-hosts"?: string;
  "allowed-origins"?: string;
  "heartbeat-ms"?: string;
  "request-timeout-ms"?: string;
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

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The token and where it came from: a front end's in code, then `--token` (warned about: every local user reads
 * another's command line with `ps`), then `--token-file`, then the environment, then the config.
 */
function tokenOf(
  flags: ServeFlags,
  config: RuntimeConfig,
  env: NodeJS.ProcessEnv,
): { token?: string; tokenFile?: ServeSettings["tokenFile"] } {
  let token: string | undefined;
  let source: string;
  let tokenFile: ServeSettings["tokenFile"];
  if (flags.givenToken !== undefined) [token, source] = [flags.givenToken, "the token"];
  else if (flags.token !== undefined) [token, source] = [flags.token, "--token"];
  else if (flags["token-file"] !== undefined) {
    const read = readTokenFile(flags["token-file"]);
    [token, source, tokenFile] = [
      read.token,
      `the token in ${read.path}`,
      { path: read.path, generated: read.generated },
    ];
  } else if (env.CLAWPERATOR_SERVE_TOKEN) [token, source] = [env.CLAWPERATOR_SERVE_TOKEN, "CLAWPERATOR_SERVE_TOKEN"];
  else [token, source] = [config.serve?.token, "config serve.token"];
  if (token !== undefined && token.trim().length < MIN_TOKEN_LENGTH) {
    throw new ClawperatorError(
      "USAGE",
      `${source} must be at least ${MIN_TOKEN_LENGTH} characters (got ${token.trim().length}): ` +
        "a short token is guessed",
      { hint: "Generate one, e.g. `openssl rand -hex 16`.", details: { minLength: MIN_TOKEN_LENGTH } },
    );
  }
  return { ...(token === undefined ? {} : { token }), ...(tokenFile ? { tokenFile } : {}) };
}

function originsOf(flags: ServeFlags, config: RuntimeConfig): string[] {
  return [...list(flags["allowed-origins"]), ...(config.serve?.allowedOrigins ?? [])].map((origin) => {
    const normalized = normalizeOrigin(origin);
    if (normalized === undefined) {
      throw new ClawperatorError(
        "USAGE",
        `allowed origin ${JSON.stringify(origin)} is not an http(s) origin like http://localhost:5173`,
      );
    }
    return normalized;
  });
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
  const { token, tokenFile } = tokenOf(flags, config, env);
  if (!isLoopback(host) && token === undefined) {
    throw new ClawperatorError(
      "SERVE_TOKEN_REQUIRED",
      `binding ${host} exposes the devices to the network; a token is required`,
      {
        hint:
          "Pass --token-file <path> (or set CLAWPERATOR_SERVE_TOKEN, or serve.token in the config), or bind " +
          "127.0.0.1.",
        details: { host },
      },
    );
  }
  const heartbeatMs =
    flags["heartbeat-ms"] === undefined
      ? DEFAULT_HEARTBEAT_MS
      : integer("heartbeat-ms", flags["heartbeat-ms"], 10, 3_600_000);
  const requestTimeoutMs =
    flags["request-timeout-ms"] === undefined
      ? DEFAULT_REQUEST_TIMEOUT_MS
      : integer("request-timeout-ms", flags["request-timeout-ms"], 100, 600_000);
  return {
    host,
    port,
    ...(token === undefined ? {} : { token }),
    ...(tokenFile ? { tokenFile } : {}),
    allowedHosts: list(flags["allowed-hosts"]),
    allowedOrigins: originsOf(flags, config),
    heartbeatMs,
    requestTimeoutMs,
    streams: {
      max: config.serve?.maxStreams ?? DEFAULT_STREAM_LIMITS.max,
      perClient: config.serve?.maxStreamsPerClient ?? DEFAULT_STREAM_LIMITS.perClient,
    },
  };
}
