import { describe, expect, it } from "vitest";
import { OutputTail, TextWatch } from "../../../plugins/skills/run/output-tail.ts";

const bytes = (text: string) => Buffer.from(text);

describe("the kept tail of a script's output", () => {
  it("keeps everything up to the limit, unmarked", () => {
    const tail = new OutputTail("stdout", 10);
    tail.push(bytes("0123"));
    tail.push(bytes("456789"));
    expect(tail.dropped).toBe(0);
    expect(tail.text()).toBe("0123456789");
  });

  it("keeps the last N bytes with a marker of how much went, whatever the chunking", () => {
    const tail = new OutputTail("stderr", 10);
    for (const chunk of ["abc", "defghijklmnop", "q", "rstuvwxyz"]) tail.push(bytes(chunk));
    expect(tail.dropped).toBe(16);
    expect(tail.text()).toBe("[clawperator: 16 earlier bytes of stderr dropped; the last 10 kept]\nqrstuvwxyz");
  });

  it("never starts the kept text inside a UTF-8 character", () => {
    const tail = new OutputTail("stdout", 5);
    tail.push(bytes("aé€x"));
    // "é" is 2 bytes and "€" 3: the last 5 bytes begin inside "é"; its second byte goes too.
    expect(tail.dropped).toBe(3);
    expect(tail.text()).toBe("[clawperator: 3 earlier bytes of stdout dropped; the last 4 kept]\n€x");
  });

  it("memory stays at the limit while 50 MB pass", () => {
    const tail = new OutputTail("stdout", 1024);
    const chunk = Buffer.alloc(65_536, "x");
    for (let i = 0; i < 800; i++) tail.push(chunk);
    expect(tail.kept).toBe(1024);
    expect(tail.dropped).toBe(800 * 65_536 - 1024);
  });
});

describe("watching the stream for a text", () => {
  it("sees it across chunk boundaries and before any cap", () => {
    const watch = new TextWatch("NEEDLE");
    for (const chunk of ["xxNE", "E", "DLxx"]) watch.push(chunk);
    expect(watch.seen).toBe(false);
    watch.push("NEEDLE".slice(0, 3));
    watch.push("DLE");
    expect(watch.seen).toBe(true);
  });
});
