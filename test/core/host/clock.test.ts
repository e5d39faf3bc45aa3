import { describe, expect, it } from "vitest";
import { systemClock } from "../../../core/host/clock.ts";

describe("the system clock", () => {
  it("reads wall-clock time since the epoch", () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("a sleep stops, with an AbortError, when its signal aborts", async () => {
    const aborting = new AbortController();
    const sleeping = systemClock.sleep(600_000, aborting.signal);
    aborting.abort();
    await expect(sleeping).rejects.toMatchObject({ name: "AbortError" });
  });
});
