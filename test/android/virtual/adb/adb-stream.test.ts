import { describe, expect, it } from "vitest";
import { AdbStream } from "../../../../android/virtual/adb/adb-stream.ts";
import { A_CLSE, A_WRTE, type AdbPacket } from "../../../../android/virtual/adb/packet.ts";

function stream(maxPayload: number) {
  const sent: AdbPacket[] = [];
  const s = new AdbStream({ send: (p) => sent.push(p), maxPayload, forget: () => undefined }, 1, 2);
  const writes = () => sent.filter((p) => p.command === A_WRTE).map((p) => p.data.toString());
  return { s, sent, writes };
}

describe("AdbStream", () => {
  it("sends what was written while a WRTE waited for its OKAY in one WRTE, in order", () => {
    const { s, writes } = stream(1024);
    for (let i = 0; i < 500; i++) s.write(Buffer.from(`line ${i}\n`));
    expect(writes()).toEqual(["line 0\n"]);
    s.handleOkay();
    const all = Array.from({ length: 500 }, (_, i) => `line ${i}\n`).join("");
    expect(writes()).toEqual(["line 0\n", all.slice("line 0\n".length, "line 0\n".length + 1024)]);
  });

  it("never exceeds the max payload, and closes after the last byte", () => {
    const { s, sent, writes } = stream(10);
    s.write(Buffer.from("a".repeat(25)));
    s.write(Buffer.from("bc"));
    s.end();
    for (let i = 0; i < 5; i++) s.handleOkay();
    expect(writes()).toEqual(["aaaaaaaaaa", "aaaaaaaaaa", "aaaaabc"]);
    expect(sent.at(-1)!.command).toBe(A_CLSE);
  });
});
