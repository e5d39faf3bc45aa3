import { describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();

describe("clawperator inspect", () => {
  it("starts serve on loopback, prints the page's URL once it listens, and the URL answers the page", async () => {
    const child = session.spawn(["inspect", "--port", "0"]);
    try {
      let stderr = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr!.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /Inspector: (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(stderr);
          if (match) resolve(match[1]!);
        });
        void child.then((result) => reject(new Error(`inspect exited (${result.exitCode}): ${result.stderr}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Clawperator inspector</title>");
    } finally {
      child.kill("SIGTERM");
      const result = await child;
      expect(result.exitCode).toBe(0);
    }
  });
});
