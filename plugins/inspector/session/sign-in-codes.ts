import { createToken } from "../../../core/kernel/index.ts";

/**
 * The one-time codes `inspect` puts in the URL it prints and opens (`#signin=<code>`): a page exchanges one, once,
 * for the HttpOnly cookie holding the server's token (POST /inspector/sign-in). The token never appears in a URL or
 * in the argv of the browser `--open` starts, where every local user could read it; a code read there is spent
 * by the page that used it.
 */
export interface SignInCodes {
  /** The token a code stands for, the code spent; undefined for a code that is not (or no longer) valid. */
  spend(code: string): string | undefined;
}

export const SignInCodes = createToken<SignInCodes>("inspector.SignInCodes");

export function signInCodes(token: string, codes: readonly string[]): SignInCodes {
  const valid = new Set(codes);
  return {
    spend(code) {
      return valid.delete(code) ? token : undefined;
    },
  };
}
