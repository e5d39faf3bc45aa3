// The page talks to serve only through the routes agents use; the token, when one is needed, travels in an HttpOnly
// cookie the page never reads.

export class Unauthorized extends Error {}

/** A JSON request; the answer's JSON (an error envelope too). 401 throws Unauthorized so the page can ask for the token. */
export async function request(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  if (response.status === 401) throw new Unauthorized("the server asks for its token");
  return response.json();
}

/** The screen as a PNG blob, or the JSON error when the capture failed. */
export async function screenshot(deviceId) {
  const response = await fetch("/screenshot", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "image/png" },
    body: JSON.stringify({ deviceId }),
    credentials: "same-origin",
  });
  if (response.status === 401) throw new Unauthorized("the server asks for its token");
  if (response.headers.get("content-type")?.startsWith("image/png")) return { ok: true, blob: await response.blob() };
  return response.json();
}

/** Keeps the token in the cookie: the request carries it once as a bearer token, which serve checks. */
export async function signIn(token) {
  const response = await fetch("/inspector/session", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    credentials: "same-origin",
  });
  return response.ok;
}

/** Spends the one-time code `inspect`'s link carries (`#signin=<code>`) for the cookie; false when it is not valid. */
export async function signInWithCode(code) {
  const response = await fetch("/inspector/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code }),
    credentials: "same-origin",
  });
  return response.ok;
}

/** A one-step execution for the selected device. */
export function execution(action) {
  const id = `inspector-${Date.now()}`;
  return {
    commandId: id,
    taskId: id,
    source: "inspector",
    expectedFormat: "android-ui-automator",
    timeoutMs: 30000,
    actions: [action],
  };
}
