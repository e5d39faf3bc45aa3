import { createHash } from "node:crypto";
import type { H3Event } from "h3";
import { getCookie } from "h3";
import type { ViewMode } from "../contracts/agent-view.ts";
import { VIEW_MODES } from "../contracts/agent-view.ts";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { TOKEN_COOKIE } from "./token-cookie.ts";

/**
 * The views session of an HTTP request: the client's token (a digest of it, never the token) and the `session`
 * it names in the body, if any, so two clients with their own tokens, or two agents naming their own sessions,
 * never share views or refs. Without either, every client of the server shares one.
 */
export function clientSession(event: H3Event, body: Record<string, unknown>): string {
  const { session } = body;
  if (session !== undefined && (typeof session !== "string" || session.length > 200)) {
    throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", "session must be a string of at most 200 characters", {
      details: { path: "session" },
    });
  }
  const header = /^Bearer\s+(.+)$/i.exec((event.req.headers.get("authorization") ?? "").trim())?.[1];
  const token = header ?? getCookie(event, TOKEN_COOKIE) ?? "";
  const client = createHash("sha256").update(token).digest("hex").slice(0, 16);
  return `http:${client}:${session ?? ""}`;
}

/** `view` of a body: a mode, or true (incremental) / false (none); absent is none. */
export function viewModeOf(body: Record<string, unknown>): ViewMode {
  const { view } = body;
  if (view === undefined || view === false) return "none";
  if (view === true) return "incremental";
  if (typeof view === "string" && (VIEW_MODES as readonly string[]).includes(view)) return view as ViewMode;
  throw new ClawperatorError(
    "EXECUTION_VALIDATION_FAILED",
    `view must be "incremental", "full", "none" or a boolean (got ${JSON.stringify(view)})`,
    { details: { path: "view" } },
  );
}
