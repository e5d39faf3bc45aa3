import { describe, expect, it } from "vitest";
import { LineSplitter } from "../../../plugins/adb/client/line-stream.ts";

describe("LineSplitter (logcat stdout bytes to lines)", () => {
  it("keeps a character whose UTF-8 bytes arrive in two packets whole", () => {
    const bytes = Buffer.from('D/TaskScope( 42): <node text="中文 🙂" />\nnext\n');
    const splitter = new LineSplitter();
    const lines: string[] = [];
    // Cut inside the 3-byte 中 and inside the 4-byte emoji.
    const cuts = [bytes.indexOf(Buffer.from("中")) + 1, bytes.indexOf(Buffer.from("🙂")) + 2];
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      lines.push(...splitter.push(bytes.subarray(from, cut)));
      from = cut;
    }
    expect(lines).toEqual(['D/TaskScope( 42): <node text="中文 🙂" />', "next"]);
  });

  it("drops the CR of CRLF line ends, joins a line spread over many packets and holds back an unfinished line", () => {
    const splitter = new LineSplitter();
    expect(splitter.push(Buffer.from("a\r\nb"))).toEqual(["a"]);
    expect(splitter.push(Buffer.from("c"))).toEqual([]);
    expect(splitter.push(Buffer.from("d\r"))).toEqual([]);
    expect(splitter.push(Buffer.from("\n\ne\n"))).toEqual(["bcd", "", "e"]);
    expect(splitter.push(Buffer.from("tail"))).toEqual([]);
  });
});
