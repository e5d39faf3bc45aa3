import type { z } from "zod";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import {
  DEVICE_FIELDS,
  DeviceListResponse,
  DeviceResponse,
  ErrorBody,
  RemoteConnectResponse,
  type StfDevice,
  UserResponse,
} from "./stf-schemas.ts";

/** How long one API request may take. */
const REQUEST_TIMEOUT_MS = 15_000;

/** An answer of the farm other than 2xx: its status and its own words. */
export class StfHttpError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(`STF answered ${status}${description ? `: ${description}` : ""}`);
  }
}

/**
 * STF API v1 over HTTP (paths, bodies and answers as its api_v1.yaml defines them), authorized with
 * `Authorization: Bearer <token>`. The token goes into the header and nowhere else: no message carries it.
 */
export class StfClient {
  readonly #base: string;
  readonly #token: string;

  constructor(url: string, token: string) {
    this.#base = `${url.replace(/\/+$/, "")}/api/v1`;
    this.#token = token;
  }

  get farm(): string {
    return this.#base;
  }

  async #call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S | undefined,
    body?: unknown,
  ): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetch(`${this.#base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ClawperatorError("FARM_UNREACHABLE", `the STF farm at ${this.#base} did not answer`, {
        hint: "Check config stf.url and that the farm is up.",
        details: { farm: this.#base, cause: (error as Error).message },
      });
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const words = ErrorBody.safeParse(json);
      throw new StfHttpError(
        response.status,
        words.success ? (words.data.description ?? words.data.message ?? "") : "",
      );
    }
    if (!schema) return undefined as z.output<S>;
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ClawperatorError("FARM_UNREACHABLE", `the STF farm's answer to ${method} ${path} is not STF's`, {
        hint: "Is config stf.url an STF server?",
        details: { farm: this.#base, issue: parsed.error.issues[0]?.message },
      });
    return parsed.data;
  }

  async devices(): Promise<StfDevice[]> {
    return (await this.#call("GET", `/devices?fields=${DEVICE_FIELDS.join(",")}`, DeviceListResponse)).devices;
  }

  async device(serial: string): Promise<StfDevice> {
    return (await this.#call("GET", `/devices/${encodeURIComponent(serial)}`, DeviceResponse)).device;
  }

  /** The token's own user (doctor: the token is accepted). */
  async user(): Promise<{ email?: string; name?: string }> {
    return (await this.#call("GET", "/user", UserResponse)).user;
  }

  /** Whether the token's user controls the device now (403/404 from STF: not any more). */
  async controls(serial: string): Promise<boolean> {
    try {
      await this.#call("GET", `/user/devices/${encodeURIComponent(serial)}`, DeviceResponse);
      return true;
    } catch (error) {
      if (error instanceof StfHttpError && (error.status === 403 || error.status === 404)) return false;
      throw error;
    }
  }

  /** Reserves a device; the farm frees it by itself after `timeoutMs` idle. */
  async reserve(serial: string, timeoutMs: number): Promise<void> {
    await this.#call("POST", "/user/devices", undefined, { serial, timeout: timeoutMs });
  }

  async remoteConnect(serial: string): Promise<string> {
    const path = `/user/devices/${encodeURIComponent(serial)}/remoteConnect`;
    return (await this.#call("POST", path, RemoteConnectResponse)).remoteConnectUrl;
  }

  async remoteDisconnect(serial: string): Promise<void> {
    await this.#call("DELETE", `/user/devices/${encodeURIComponent(serial)}/remoteConnect`, undefined);
  }

  async unreserve(serial: string): Promise<void> {
    await this.#call("DELETE", `/user/devices/${encodeURIComponent(serial)}`, undefined);
  }

  async addAdbPublicKey(publickey: string): Promise<void> {
    await this.#call("POST", "/user/adbPublicKeys", undefined, { publickey });
  }
}
