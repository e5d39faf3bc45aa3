import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RouteRegistry } from "../../../core/kernel/index.ts";
import inspector from "../../../plugins/inspector/index.ts";
import serve from "../../../plugins/serve/index.ts";
import { createServeApp } from "../../../plugins/serve/server/create-app.ts";
import { Lifecycle } from "../../../plugins/serve/server/lifecycle.ts";
import { allowedHostsFor } from "../../../plugins/serve/server/security.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";

const TOKEN = "a-token-of-sixteen-plus";

/** serve's app with the inspector's routes and serve's own, a token required. */
async function app() {
  const kernel = await boot([serve, inspector]);
  return createServeApp({
    routes: kernel.services.resolve(RouteRegistry).entries(),
    context: { services: kernel.services, config: kernel.config, logger: silentLogger },
    security: { token: TOKEN, allowedHosts: allowedHostsFor("127.0.0.1"), allowedOrigins: new Set() },
    lifecycle: new Lifecycle(),
  });
}

const get = async (h3: Awaited<ReturnType<typeof app>>, path: string, headers: Record<string, string> = {}) =>
  h3.request(`http://127.0.0.1:3000${path}`, { headers });

/** POST /inspector/session with only a cookie: a route that needs the token, answered 200 when the cookie is it. */
const withCookie = (h3: Awaited<ReturnType<typeof app>>, headers: Record<string, string>) =>
  h3.request("http://127.0.0.1:3000/inspector/session", { method: "POST", headers });

describe("the inspector's routes on serve", () => {
  it("serves every file of its static folder: a module left out would stop the page's scripts", async () => {
    const h3 = await app();
    const files = readdirSync(join(REPO_ROOT, "plugins", "inspector", "static")).filter((f) => f !== "index.html");
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect((await get(h3, `/inspector/${file}`)).status, file).toBe(200);
  });

  it("serves the page and its files without the token, under a CSP without inline script", async () => {
    const h3 = await app();
    const page = await get(h3, "/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect(await page.text()).toContain('<script type="module" src="/inspector/app.js">');
    const script = await get(h3, "/inspector/app.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("serves only the files it ships: another name is a 404, not a path on the server", async () => {
    const h3 = await app();
    for (const path of ["/inspector/package.json", "/inspector/..%2F..%2Fpackage.json", "/inspector/toString"])
      expect((await get(h3, path)).status, path).toBe(404);
  });

  it("the public page opens no other route: GET /devices still needs the token", async () => {
    const answer = await get(await app(), "/devices");
    expect(answer.status).toBe(401);
  });

  it("POST /observe/matchers needs the token, and no page of another origin reaches it", async () => {
    const h3 = await app();
    const post = (headers: Record<string, string>) =>
      h3.request("http://127.0.0.1:3000/observe/matchers", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
    expect((await post({})).status).toBe(401);
    const foreign = await post({ authorization: `Bearer ${TOKEN}`, origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("keeps a right token in an HttpOnly SameSite=Strict cookie, which then opens the routes to the page", async () => {
    const h3 = await app();
    const wrong = await h3.request("http://127.0.0.1:3000/inspector/session", {
      method: "POST",
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const session = await h3.request("http://127.0.0.1:3000/inspector/session", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(session.status).toBe(200);
    const cookie = session.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const pair = cookie.split(";")[0]!;
    expect((await withCookie(h3, { cookie: pair, "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("refuses the cookie on a request another site's page made, and a wrong cookie", async () => {
    const h3 = await app();
    const cookie = `clawperator_token=${TOKEN}`;
    for (const site of ["same-site", "cross-site"])
      expect((await withCookie(h3, { cookie, "sec-fetch-site": site })).status, site).toBe(401);
    expect((await withCookie(h3, { cookie: "clawperator_token=wrong-token-value" })).status).toBe(401);
  });
});
