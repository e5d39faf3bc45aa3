import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../../android/virtual/operator/index.ts";
import { jitteredDelay } from "../../../../android/virtual/operator/retry.ts";

describe("retry jitter", () => {
  it("draws whole milliseconds uniformly within ±jitterRatio, both ends included", () => {
    expect(jitteredDelay(500, 0.15, () => 0)).toBe(425);
    expect(jitteredDelay(500, 0.15, () => 0.999_999)).toBe(575);
    expect(jitteredDelay(1_000, 0, () => 0.5)).toBe(1_000);
    expect(jitteredDelay(100, 2, () => 0)).toBe(0);
  });

  it("repeats exactly with the same seed and differs with another", () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => jitteredDelay(3_000, 0.15, random));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    for (const value of draw(7)) expect(value).toBeGreaterThanOrEqual(2_550);
    for (const value of draw(7)) expect(value).toBeLessThanOrEqual(3_450);
  });
});
