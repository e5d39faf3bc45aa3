import type { Owned, RegisteredRoute } from "../../../core/kernel/index.ts";
import { isLoopback, isWildcard } from "./security.ts";

export interface BannerInput {
  url: string;
  host: string;
  port: number;
  tokenRequired: boolean;
  /** The file the token is in, and whether it was written now (a new token). */
  tokenFile?: { path: string; generated: boolean };
  routes: readonly Owned<RegisteredRoute>[];
}

function exposure(input: BannerInput): string {
  if (isLoopback(input.host)) return "this machine only (loopback)";
  if (isWildcard(input.host)) return "every network interface of this machine";
  return `the network at ${input.host}`;
}

/** The start-up banner as one JSON line, for agents that start the server and read where it listens. */
export function bannerJson(input: BannerInput): string {
  return JSON.stringify({
    ok: true,
    listening: input.url,
    host: input.host,
    port: input.port,
    exposure: exposure(input),
    auth: input.tokenRequired ? "bearer" : "none",
    ...(input.tokenFile ? { tokenFile: input.tokenFile.path, tokenGenerated: input.tokenFile.generated } : {}),
    routes: input.routes.map(({ plugin, value }) => ({ method: value.method, path: value.path, plugin })),
  });
}

/** The start-up banner for people: where it listens, who can reach it, and every route. */
export function bannerPretty(input: BannerInput): string {
  const width = Math.max(...input.routes.map((r) => `${r.value.method} ${r.value.path}`.length));
  const where = input.tokenFile
    ? ` (the token is in ${input.tokenFile.path}${input.tokenFile.generated ? ", written now" : ""})`
    : "";
  const auth = input.tokenRequired
    ? `Authorization: Bearer <token> on every route but GET /health${where}`
    : "none: every local user and process on this machine can drive the devices";
  const lines = [
    `Clawperator API listening on ${input.url}`,
    `  reachable from: ${exposure(input)}`,
    `  auth: ${auth}`,
    "",
    ...input.routes.map(
      ({ plugin, value }) =>
        `  ${`${value.method} ${value.path}`.padEnd(width)}  ${value.description ?? ""} [${plugin}]`,
    ),
    "",
    "Ctrl+C stops the server after the executions in flight finish.",
  ];
  return lines.join("\n");
}
