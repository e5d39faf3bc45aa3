import { setTimeout as sleep } from "node:timers/promises";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { UrlPolicy } from "./release-source.ts";

const MAX_REDIRECTS = 5;
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"]);
/** Failures a moment later may not repeat (a server restarting, a connection dropped), as npm and curl retry them. */
const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "UND_ERR_SOCKET"]);
const TRANSIENT_STATUS = new Set([502, 503, 504]);
/** Waits before the second and third attempt of a request that failed transiently. */
export const RETRY_DELAYS_MS = [1_000, 2_000];

/** Why a request failed, from what Node's fetch (undici) throws: its `cause` carries the system error code. */
function causeOf(error: unknown): { code?: string; message: string } {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return { ...(cause?.code ? { code: cause.code } : {}), message: cause?.message ?? (error as Error).message };
}

/** A transfer that failed on the way: DNS, no network, a reset or cut-off connection, a timeout. */
export function transferFailure(url: URL, what: string, error: unknown): ClawperatorError {
  if (error instanceof ClawperatorError) return error;
  const cause = causeOf(error);
  const timeout = (error as Error)?.name === "TimeoutError" || (error as Error)?.name === "AbortError";
  const reason = timeout ? "timeout" : cause.code && DNS_CODES.has(cause.code) ? "dns" : "network";
  const why =
    reason === "dns"
      ? `the name ${url.hostname} does not resolve`
      : reason === "timeout"
        ? "the server stopped answering"
        : cause.message;
  return new ClawperatorError("OPERATOR_DOWNLOAD_FAILED", `could not download ${what} from ${url.href}: ${why}`, {
    hint:
      reason === "dns" || reason === "network"
        ? "Check the network connection (and the download URL, if you configured one), then retry."
        : "Retry; nothing was installed or kept.",
    details: { url: url.href, what, reason, ...(cause.code ? { cause: cause.code } : {}) },
    cause: error,
  });
}

/**
 * GET that follows redirects itself, so every hop is checked against the policy before it is requested. Answers
 * the final response when it is 2xx; any other status is OPERATOR_DOWNLOAD_FAILED with the status in details.
 */
export async function guardedGet(
  url: URL,
  what: string,
  options: { policy: UrlPolicy; signal: AbortSignal; retryDelaysMs?: readonly number[] },
): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    options.policy.check(current, what);
    const response = await attempts(current, what, options);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS)
        throw new ClawperatorError("OPERATOR_DOWNLOAD_FAILED", `too many redirects fetching ${what} from ${url.href}`, {
          details: { url: url.href, what, reason: "redirects" },
        });
      current = new URL(location, current);
      continue;
    }
    if (response.ok) return response;
    await response.body?.cancel();
    throw new ClawperatorError(
      "OPERATOR_DOWNLOAD_FAILED",
      `could not download ${what}: ${current.href} answered HTTP ${response.status}`,
      {
        hint:
          response.status >= 500
            ? "The download server failed; retry later. Nothing was installed or kept."
            : "Check the download URL (operator.downloadUrl or CLAWPERATOR_APK_METADATA_URL).",
        details: { url: current.href, what, reason: "http", status: response.status },
      },
    );
  }
}

/** One request, tried again after a pause when it fails in a way that may not last. */
async function attempts(
  url: URL,
  what: string,
  options: { signal: AbortSignal; retryDelaysMs?: readonly number[] },
): Promise<Response> {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= delays.length || options.signal.aborted;
    try {
      const response = await fetch(url, { redirect: "manual", signal: options.signal });
      if (last || !TRANSIENT_STATUS.has(response.status)) return response;
      await response.body?.cancel();
    } catch (error) {
      const code = causeOf(error).code;
      if (last || !code || !TRANSIENT_CODES.has(code)) throw transferFailure(url, what, error);
    }
    // An abort ends the pause early; the next attempt then reports it.
    await sleep(delays[attempt]!, undefined, { signal: options.signal }).catch(() => undefined);
  }
}

/** The body as text, refused past `limit` bytes (metadata and checksum files are small; a huge one is not theirs). */
export async function boundedText(response: Response, url: URL, what: string, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > limit) {
        await response.body?.cancel();
        throw new ClawperatorError(
          "OPERATOR_METADATA_INVALID",
          `${what} at ${url.href} is larger than ${limit} bytes`,
          {
            details: { url: url.href, what, limit },
          },
        );
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw transferFailure(url, what, error);
  }
  return Buffer.concat(chunks).toString("utf8");
}
