import { describe, expect, it } from "vitest";
import { forwardLines } from "../../../core/kernel/forward-lines.ts";

const iterate = (iterator: AsyncIterator<string>): AsyncIterable<string> => ({
  [Symbol.asyncIterator]: () => iterator,
});

describe("forwardLines", () => {
  it("passes every line through, maps what the stream throws, and yields nothing for no stream", async () => {
    async function* failing() {
      yield "a";
      yield "b";
      throw new Error("socket closed");
    }
    const seen: string[] = [];
    const run = async () => {
      for await (const line of iterate(
        forwardLines(
          async () => failing(),
          (error) => new Error(`[farm] ${(error as Error).message}`),
        ),
      ))
        seen.push(line);
    };
    await expect(run()).rejects.toThrow("[farm] socket closed");
    expect(seen).toEqual(["a", "b"]);

    const none: string[] = [];
    for await (const line of iterate(forwardLines(async () => undefined))) none.push(line);
    expect(none).toEqual([]);
  });

  it("closes the stream when the reader stops early, and reads nothing after", async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield String(i);
      } finally {
        closed = true;
      }
    }
    const iterator = forwardLines(async () => endless());
    for await (const line of iterate(iterator)) if (line === "2") break;
    expect(closed).toBe(true);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
