import { defineHandler, setCookie } from "h3";
import { z } from "zod";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readJsonBody } from "../../../core/http/index.ts";
import { TOKEN_COOKIE } from "../../../core/http/token-cookie.ts";
import { SignInCodes } from "../session/sign-in-codes.ts";

const SignInBody = z.strictObject({ code: z.string().min(1).max(128) });

/**
 * POST /inspector/sign-in `{ code }` (public: it is how a page without the token gets it): spends a one-time code
 * `inspect` printed and keeps the server's token in the HttpOnly, SameSite=Strict cookie, as POST
 * /inspector/session does with a token. A code that is unknown or spent is UNAUTHORIZED.
 */
export default defineHandler(async (event) => {
  const { code } = await readJsonBody(event, SignInBody);
  const services = event.context.clawperator?.services;
  const token = services?.isRegistered(SignInCodes) ? services.resolve(SignInCodes).spend(code) : undefined;
  if (token === undefined)
    throw new ClawperatorError("UNAUTHORIZED", "this sign-in code is not valid (each works once)", {
      hint: "Use the token `clawperator inspect` printed, or start it again for a new link.",
    });
  setCookie(event, TOKEN_COOKIE, token, { httpOnly: true, sameSite: "strict", path: "/" });
  return { ok: true, tokenKept: true };
});
