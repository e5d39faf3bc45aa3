import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Exchange, swaggerProblems } from "./swagger-check.ts";

/** A device of the stand-in farm; `remote` is what remoteConnect hands out (a virtual device's `127.0.0.1:port`). */
export interface FarmDevice {
  serial: string;
  remote: string;
  model?: string;
  sdk?: string;
  manufacturer?: string;
  group?: string;
  present?: boolean;
  ready?: boolean;
  /** The provider lost it: a reservation is 504. */
  unresponsive?: boolean;
}

interface State extends FarmDevice {
  owner?: string;
  timeoutMs?: number;
  connected: boolean;
}

export interface StandInFarm {
  url: string;
  /** Every request and answer, in order. */
  readonly log: Exchange[];
  /** What api_v1.yaml says is wrong with any of them (an empty list when the plugin and the stand-in kept to it). */
  problems(): string[];
  /** Another user takes a device (the farm then answers 403 to ours). */
  take(serial: string, email: string): void;
  /** The lease ends as STF's idle timeout ends it: owner and remote connection gone. */
  expire(serial: string): void;
  /** The device's current owner's email, and the idle timeout its reservation asked for. */
  owner(serial: string): string | undefined;
  timeoutOf(serial: string): number | undefined;
  readonly adbKeys: ReadonlyMap<string, string[]>;
  /**
   * Holds every release (`DELETE /user/devices/{serial}`), unapplied and unanswered, until `n` reservations have been
   * granted from now (at most `maxMs`): leases taken at once then overlap for certain.
   */
  holdReleasesUntil(n: number, maxMs: number): void;
  close(): Promise<void>;
}

/**
 * A stand-in for an STF farm's API v1, following its api_v1.yaml and STF's semantics: bearer tokens per user,
 * `using` true only for the device's own user, a reservation of a device someone holds is 403, of an unknown one 404,
 * of one the provider lost 504; remoteConnect only for the owner, and only once the user registered an adb key
 * (STF's provider would refuse the adb connection of an unknown key; this stand-in refuses the remoteConnect, which
 * is as far as it can see); releases only by the owner. STF's own server needs RethinkDB, which cannot be installed
 * here, so this is what CI tests against.
 */
export async function startStandInFarm(input: {
  devices: FarmDevice[];
  /** token → the user's email. */
  users: Record<string, string>;
}): Promise<StandInFarm> {
  const devices = new Map<string, State>(input.devices.map((d) => [d.serial, { ...d, connected: false }]));
  const keys = new Map<string, string[]>();
  const log: Exchange[] = [];
  let barrier: { left: number; open: Promise<void>; release: () => void } | undefined;

  const view = (d: State, user: string) => ({
    serial: d.serial,
    present: d.present ?? true,
    ready: d.ready ?? true,
    using: d.owner === user,
    owner: d.owner ? { email: d.owner, name: d.owner.split("@")[0] } : null,
    model: d.model ?? "Pixel 7",
    manufacturer: d.manufacturer ?? "Google",
    sdk: d.sdk ?? "35",
    abi: "x86_64",
    provider: { name: "stand-in" },
    group: { name: d.group ?? "Common" },
    ...(d.connected && d.owner === user ? { remoteConnect: true, remoteConnectUrl: d.remote } : {}),
  });

  function answer(method: string, url: string, user: string | undefined, body: unknown): [number, unknown] {
    const path = url.split("?")[0]!;
    const bad = (status: number, description: string) => [status, { success: false, description }] as [number, unknown];
    if (user === undefined)
      return path.startsWith("/api/v1/devices/") || path === "/api/v1/user" || path === "/api/v1/user/adbPublicKeys"
        ? [401, { message: "Unauthorized" }]
        : bad(401, "Unauthorized");
    const m = /^\/api\/v1\/(user\/)?devices(?:\/([^/]+))?(\/remoteConnect)?$/.exec(path);
    if (method === "GET" && path === "/api/v1/user")
      return [200, { success: true, description: "User information", user: { email: user, name: user } }];
    if (method === "POST" && path === "/api/v1/user/adbPublicKeys") {
      const key = (body as { publickey?: unknown } | undefined)?.publickey;
      if (typeof key !== "string" || key === "") return [400, { message: "publickey is required" }];
      keys.set(user, [...(keys.get(user) ?? []), key]);
      return [200, { success: true, description: "Adb key added" }];
    }
    if (!m) return bad(404, "Not Found");
    const [, mine, rawSerial, remote] = m;
    const serial = rawSerial === undefined ? undefined : decodeURIComponent(rawSerial);
    const device = serial === undefined ? undefined : devices.get(serial);
    if (!mine) {
      if (method !== "GET" || remote) return bad(404, "Not Found");
      if (serial === undefined)
        return [
          200,
          {
            success: true,
            description: "Devices Information",
            devices: [...devices.values()].map((d) => view(d, user)),
          },
        ];
      return device
        ? [200, { success: true, description: "Device Information", device: view(device, user) }]
        : [404, { message: "Not Found" }];
    }
    if (serial === undefined) {
      if (method === "GET")
        return [
          200,
          { success: true, devices: [...devices.values()].filter((d) => d.owner === user).map((d) => view(d, user)) },
        ];
      if (method !== "POST") return bad(404, "Not Found");
      const wanted = body as { serial?: unknown; timeout?: unknown } | undefined;
      const target = typeof wanted?.serial === "string" ? devices.get(wanted.serial) : undefined;
      if (!target) return bad(404, "Device not found");
      if (target.owner !== undefined || target.present === false || target.ready === false)
        return bad(403, "Device is being used or is not available");
      if (target.unresponsive) return bad(504, "Device is not responding");
      target.owner = user;
      if (barrier && --barrier.left <= 0) barrier.release();
      if (typeof wanted?.timeout === "number") target.timeoutMs = wanted.timeout;
      return [200, { success: true, description: "Device successfully added" }];
    }
    if (!device) return bad(404, "Device not found");
    if (device.owner !== user) return bad(403, "Device is not controlled by the user");
    if (remote) {
      if (method === "POST") {
        if (!keys.get(user)?.length) return bad(403, "No adb public key registered for the user");
        device.connected = true;
        return [
          200,
          {
            success: true,
            description: "Device remote connected successfully",
            remoteConnectUrl: device.remote,
            serial: device.serial,
          },
        ];
      }
      if (method === "DELETE") {
        device.connected = false;
        return [200, { success: true, description: "Device remote disconnected successfully" }];
      }
      return bad(404, "Not Found");
    }
    if (method === "GET")
      return [200, { success: true, description: "Device Information", device: view(device, user) }];
    if (method === "DELETE") {
      device.owner = undefined;
      device.connected = false;
      return [200, { success: true, description: "Device successfully removed" }];
    }
    return bad(404, "Not Found");
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
      const user = auth ? input.users[auth[1]!] : undefined;
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      // A held release is not applied until the barrier opens: the device stays taken, not only its answer late.
      const held = method === "DELETE" && /^\/api\/v1\/user\/devices\/[^/]+$/.test(url) ? barrier?.open : undefined;
      void Promise.resolve(held).then(() => {
        const [status, response] = answer(method, url, user, body);
        log.push({ method, url, ...(body === undefined ? {} : { body }), status, response });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(response));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    problems: () => log.flatMap(swaggerProblems),
    take(serial, email) {
      devices.get(serial)!.owner = email;
    },
    expire(serial) {
      const device = devices.get(serial)!;
      device.owner = undefined;
      device.connected = false;
    },
    holdReleasesUntil(n, maxMs) {
      let release = () => {};
      const open = new Promise<void>((resolve) => {
        release = resolve;
      });
      const timer = setTimeout(release, maxMs);
      barrier = {
        left: n,
        open,
        release: () => {
          clearTimeout(timer);
          release();
        },
      };
    },
    owner: (serial) => devices.get(serial)?.owner,
    timeoutOf: (serial) => devices.get(serial)?.timeoutMs,
    adbKeys: keys,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
