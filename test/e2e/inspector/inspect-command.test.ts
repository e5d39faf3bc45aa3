import { describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();

describe("clawperator inspect", () => {
  it("starts serve on loopback with a token of its own; its link signs a page in once, never carrying the token", async () => {
    const child = session.spawn(["inspect", "--port", "0"]);
    try {
      let stderr = "";
      const [url, code, token] = await new Promise<string[]>((resolve, reject) => {
        child.stderr!.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match =
            /Inspector: (http:\/\/127\.0\.0\.1:\d+\/)#signin=([0-9a-f]+)\n.*the token is ([0-9a-f]+)\)\n/.exec(stderr);
          if (match) resolve(match.slice(1));
        });
        void child.then((result) => reject(new Error(`inspect exited (${result.exitCode}): ${result.stderr}`)));
      });
      expect(code).not.toContain(token!);
      const page = await fetch(url!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Clawperator inspector</title>");
      // No local account drives the devices through it without the token.
      expect((await fetch(`${url}devices`)).status).toBe(401);
      expect((await fetch(`${url}devices`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // The link's code buys the cookie once.
      const signIn = () =>
        fetch(`${url}inspector/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code }),
        });
      const first = await signIn();
      expect(first.status).toBe(200);
      const cookie = first.headers.get("set-cookie")!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect((await fetch(`${url}devices`, { headers: { cookie: cookie.split(";")[0]! } })).status).toBe(200);
      expect((await signIn()).status).toBe(401);
    } finally {
      child.kill("SIGTERM");
      const result = await child;
      expect(result.exitCode).toBe(0);
    }
  });
});
