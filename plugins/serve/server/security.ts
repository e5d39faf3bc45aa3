import { createHash, timingSafeEqual } from "node:crypto";
import { networkInterfaces, hostname as machineName } from "node:os";
import { getCookie, type H3Event } from "h3";
import { TOKEN_COOKIE } from "../../../core/http/token-cookie.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

/**
 * Who may talk to the server: the bearer token (if any), the host names a client may address it by, and the web
 * origins besides its own whose pages may call it.
 */
export interface SecurityPolicy {
  token?: string;
  allowedHosts: ReadonlySet<string>;
  /** Normalized origins (`normalizeOrigin`). */
  allowedOrigins: ReadonlySet<string>;
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "::1"];
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/** Lower-case, no brackets, no trailing dot: `[::1]` and `::1` are one host. */
const normalize = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");

export function isLoopback(host: string): boolean {
  const name = normalize(host);
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

export const isWildcard = (host: string) => WILDCARDS.has(host.trim());

/**
 * The names a Host header may carry: loopback always; the bound address; for a wildcard bind, the
 * machine's name and every interface address; plus what `--allowed-hosts` adds. A DNS-rebinding page's own name is
 * never among them, so its requests are refused before any route runs.
 */
export function allowedHostsFor(bindHost: string, extra: readonly string[] = []): Set<string> {
  const hosts = new Set([...LOOPBACK_NAMES, ...extra].map(normalize));
  if (isWildcard(bindHost)) {
    hosts.add(normalize(machineName()));
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? []) hosts.add(normalize(address.address));
  } else {
    hosts.add(normalize(bindHost));
  }
  return hosts;
}

/** The host name of a Host header (`name`, `name:port`, `[v6]:port`). */
function hostOfHeader(header: string): string {
  const value = header.trim();
  if (value.startsWith("[")) return normalize(value.slice(0, value.indexOf("]") + 1));
  const colon = value.lastIndexOf(":");
  return normalize(colon === -1 ? value : value.slice(0, colon));
}

const allowedHost = (host: string, policy: SecurityPolicy) =>
  policy.allowedHosts.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

function checkHost(event: H3Event, policy: SecurityPolicy): void {
  // A request made in process (app.request) carries its host in the URL only.
  const header = event.req.headers.get("host") ?? event.url.host;
  const host = hostOfHeader(header);
  if (!allowedHost(host, policy)) {
    throw new ClawperatorError("HOST_NOT_ALLOWED", `Host ${JSON.stringify(header)} is not a name of this server`, {
      hint:
        "Address the server by an allowed name (loopback, the bound address) or add it with `serve " +
        "--allowed-hosts`.",
    });
  }
}

/** An http(s) origin as browsers send it: `scheme://host[:port]`, lower-case, the default port dropped. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A page the server itself serves (at `/`, say): its origin names the host and port the request is addressed to. */
function isOwnOrigin(origin: string, event: H3Event): boolean {
  const header = event.req.headers.get("host") ?? event.url.host;
  try {
    return new URL(origin).host === new URL(`http://${header}`).host;
  } catch {
    return false;
  }
}

/**
 * A browser names the page behind every cross-origin request in Origin, and sends a `text/plain` POST to any port of
 * localhost without asking first. So only requests without an Origin (agents, CLI clients) and those from the
 * server's own origin or an allowed one pass: another local web app, on another port, drives no device.
 */
function checkOrigin(event: H3Event, policy: SecurityPolicy): void {
  const origin = event.req.headers.get("origin");
  if (origin === null) return;
  const normalized = normalizeOrigin(origin);
  if (normalized !== undefined && (policy.allowedOrigins.has(normalized) || isOwnOrigin(normalized, event))) return;
  throw new ClawperatorError("ORIGIN_NOT_ALLOWED", `requests from web pages at ${JSON.stringify(origin)} are refused`, {
    hint:
      "Only the server's own pages and origins allowed with `serve --allowed-origins` " +
      "(or config serve.allowedOrigins) " +
      "may call it from a browser; agents and scripts send no Origin.",
    details: { origin },
  });
}

const digest = (value: string) => createHash("sha256").update(value).digest();
// Compared as digests: equal lengths, constant time, whatever was sent.
const sameToken = (sent: string, token: string) => timingSafeEqual(digest(sent), digest(token));

/**
 * The token cookie of a request, when a browser says the request comes from the server's own pages: another site's
 * page (`Sec-Fetch-Site: cross-site` or `same-site`, another port of localhost) never rides on it.
 */
function cookieToken(event: H3Event): string | undefined {
  const site = event.req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return undefined;
  const value = getCookie(event, TOKEN_COOKIE);
  return value === undefined || value === "" ? undefined : value;
}

function checkToken(event: H3Event, token: string): void {
  const header = event.req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const sent = match ? match[1]! : cookieToken(event);
  if (sent !== undefined && sameToken(sent, token)) return;
  throw new ClawperatorError(
    "UNAUTHORIZED",
    header ? "the bearer token is not valid" : "this server requires Authorization: Bearer <token>",
    {
      hint:
        "Send the token `clawperator serve` was given (--token-file, CLAWPERATOR_SERVE_TOKEN or config " +
        "serve.token; `inspect` prints its own).",
    },
  );
}

/** Host, then Origin: before any route is looked up. Throws the refusal. */
export function checkRequest(event: H3Event, policy: SecurityPolicy): void {
  checkHost(event, policy);
  checkOrigin(event, policy);
}

/**
 * The token, once the route is known: GET /health and public routes (a page's static files) need none, every other
 * path, unknown ones too, does. Throws the refusal.
 */
export function checkCredentials(event: H3Event, policy: SecurityPolicy, publicRoute: boolean): void {
  if (policy.token !== undefined && !publicRoute && !(event.req.method === "GET" && event.url.pathname === "/health"))
    checkToken(event, policy.token);
}
