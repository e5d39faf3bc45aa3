import { describe, expect, it } from "vitest";
import type { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { createStreamSlots } from "../../../core/http/stream-slots.ts";

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    return error as ClawperatorError;
  }
  throw new Error("not refused");
};

describe("the server's stream budget", () => {
  it("refuses a stream over its client's share, then over the total, and takes one again once released", () => {
    const slots = createStreamSlots({ max: 3, perClient: 2 });
    const a1 = slots.take("10.0.0.1");
    slots.take("10.0.0.1");
    expect(refusal(() => slots.take("10.0.0.1")).code).toBe("STREAM_LIMIT_REACHED");
    slots.take("10.0.0.2");
    expect(refusal(() => slots.take("10.0.0.3"))).toMatchObject({ code: "STREAM_LIMIT_REACHED" });
    expect(slots.open).toBe(3);
    a1.release();
    a1.release();
    expect(slots.open).toBe(2);
    slots.take("10.0.0.3");
    expect(slots.open).toBe(3);
  });
});
