/** The cookie a web page of `serve` keeps the token in (HttpOnly, SameSite=Strict: its scripts never read it). */
export const TOKEN_COOKIE = "clawperator_token";
