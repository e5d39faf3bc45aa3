import { describe, expect, it } from "vitest";
import { randomBytes, randomHex, randomUuid } from "../../../core/host/random.ts";

describe("random ids without node:crypto", () => {
  it("gives the bytes asked for, different each time", () => {
    expect(randomBytes(32)).toHaveLength(32);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    const seen = new Set(Array.from({ length: 1_000 }, () => randomHex(8)));
    expect(seen.size).toBe(1_000);
  });

  it("makes version 4 UUIDs with the RFC variant", () => {
    const ids = Array.from({ length: 200 }, () => randomUuid());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(200);
  });
});
