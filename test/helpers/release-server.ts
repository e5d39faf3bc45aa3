import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./free-port.ts";

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** Answers with these bytes (200, Content-Length set). */
export const serve =
  (body: Uint8Array | string, type = "application/octet-stream"): Route =>
  (_, response) => {
    response.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body) });
    response.end(body);
  };

export const status =
  (code: number, headers: Record<string, string> = {}): Route =>
  (_, response) => {
    response.writeHead(code, headers);
    response.end();
  };

/** Announces the whole length, sends the first half, then drops the connection. */
export const cutOff =
  (body: Uint8Array): Route =>
  (_, response) => {
    response.writeHead(200, { "content-length": body.byteLength });
    response.write(body.subarray(0, body.byteLength >> 1), () => response.socket?.destroy());
  };

export interface ReleaseServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Replaces every route (path → handler); unknown paths answer 404. */
  routes(routes: Record<string, Route>): void;
  /** How many requests each path received since the last `routes`. */
  readonly hits: Map<string, number>;
  /** The routes of one Operator release under `<prefix>/v<version>/`, with its checksum file. */
  release(prefix: string, version: string, apk: Uint8Array, checksum?: string): Record<string, Route>;
}

/** A local download server, as downloads.clawperator.com lays its files out, for the length of one test file. */
export function releaseServer(): ReleaseServer {
  let server: Server | undefined;
  let port = 0;
  let table: Record<string, Route> = {};
  const hits = new Map<string, number>();
  beforeAll(async () => {
    port = await freePort();
    server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      (table[path] ?? status(404))(request, response);
    });
    await new Promise<void>((done) => server!.listen(port, "127.0.0.1", done));
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
  });
  return {
    get origin() {
      return `http://127.0.0.1:${port}`;
    },
    routes(routes) {
      table = routes;
      hits.clear();
    },
    hits,
    release(prefix, version, apk, checksum = sha256(apk)) {
      const file = `${prefix}/v${version}/operator-v${version}.apk`;
      return { [file]: serve(apk), [`${file}.sha256`]: serve(`${checksum}  operator-v${version}.apk\n`, "text/plain") };
    },
  };
}
