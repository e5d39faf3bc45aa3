import { readFileSync } from "node:fs";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { alive } from "../../../plugins/virtual/registry.ts";

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
};

describe.skipIf(process.platform !== "linux")("a virtual device's process, as `virtual list` sees it", () => {
  it("runs when it runs, and is gone when it exited, even while nobody has reaped it", async () => {
    expect(alive(process.pid)).toBe(true);
    // `sleep 0` becomes the child of a process that never waits for it: a zombie once it exits.
    const parent = execa("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], { reject: false });
    try {
      const pid = await new Promise<number>((resolve) => parent.stdout?.once("data", (d) => resolve(Number(`${d}`))));
      await expect.poll(() => state(pid), { timeout: 10_000 }).toBe("Z");
      expect(alive(pid)).toBe(false);
    } finally {
      parent.kill();
      await parent;
    }
  });
});
