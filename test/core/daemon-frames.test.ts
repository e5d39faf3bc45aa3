import { describe, expect, it } from "vitest";
import { encodeFrame, Frame, FrameReader } from "../../core/daemon/frames.ts";

const read = (chunks: Buffer[], encoding: BufferEncoding = "latin1") => {
  const reader = new FrameReader();
  const frames: Array<[number, string]> = [];
  for (const chunk of chunks) reader.push(chunk, (type, payload) => frames.push([type, payload.toString(encoding)]));
  return frames;
};

describe("the runtime's frames", () => {
  it("come out whole and in order however the stream splits them, bytes as they were", () => {
    const bytes = Buffer.from([0, 255, 10, 13, 27]).toString("latin1");
    const stream = Buffer.concat([
      encodeFrame(Frame.stdout, Buffer.from(bytes, "latin1")),
      encodeFrame(Frame.started),
      encodeFrame(Frame.exit, "1"),
    ]);
    const expected = [
      [Frame.stdout, bytes],
      [Frame.started, ""],
      [Frame.exit, "1"],
    ];
    expect(read([stream])).toEqual(expected);
    expect(read([...stream].map((byte) => Buffer.from([byte])))).toEqual(expected);
  });

  it("a large frame split over many reads comes out whole, between others", () => {
    const large = "x".repeat(300_000);
    const stream = Buffer.concat([
      encodeFrame(Frame.started),
      encodeFrame(Frame.stdout, large),
      encodeFrame(Frame.exit, "0"),
    ]);
    const chunks = Array.from({ length: Math.ceil(stream.length / 65_536) }, (_, i) =>
      stream.subarray(i * 65_536, (i + 1) * 65_536),
    );
    expect(read(chunks)).toEqual([
      [Frame.started, ""],
      [Frame.stdout, large],
      [Frame.exit, "0"],
    ]);
  });

  it("text payloads are sent as UTF-8, however long their characters", () => {
    const text = "héllo 🙂 $(rm -rf) `x` \n";
    expect(read([encodeFrame(Frame.stdout, text)], "utf8")).toEqual([[Frame.stdout, text]]);
  });

  it("a length no client of ours would send ends the connection", () => {
    const head = Buffer.from([Frame.request, 0xff, 0xff, 0xff, 0xff]);
    expect(() => read([head])).toThrow(/frame of/);
  });
});
