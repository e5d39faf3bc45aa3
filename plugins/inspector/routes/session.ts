import { defineHandler, setCookie } from "h3";
import { TOKEN_COOKIE } from "../../../core/http/token-cookie.ts";

/**
 * POST /inspector/session: reached only with the right `Authorization: Bearer` token (serve checked it before any
 * route); keeps it in a cookie the page's scripts cannot read and no other site's request carries. Without a
 * token configured there is nothing to keep.
 */
export default defineHandler((event) => {
  const token = /^Bearer\s+(.+)$/i.exec((event.req.headers.get("authorization") ?? "").trim())?.[1];
  if (token !== undefined) setCookie(event, TOKEN_COOKIE, token, { httpOnly: true, sameSite: "strict", path: "/" });
  return { ok: true, tokenKept: token !== undefined };
});
