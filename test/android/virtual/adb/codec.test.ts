import { describe, expect, it } from "vitest";
import {
  A_CNXN,
  A_WRTE,
  AdbProtocolError,
  PacketParser,
  encodePacket,
} from "../../../../android/virtual/adb/packet.ts";
import { ShellPacketParser, encodeShellPacket } from "../../../../android/virtual/adb/shell-protocol.ts";
import { parseServiceRequest } from "../../../../android/virtual/adb/service-request.ts";

describe("adb packet codec", () => {
  it("encodes the 24-byte little-endian header with magic and optional checksum", () => {
    const packet = encodePacket({ command: A_WRTE, arg0: 2, arg1: 0x10203, data: Buffer.from("hi") }, true);
    expect(packet.toString("hex")).toBe(
      [
        "57525445", // "WRTE"
        "02000000",
        "03020100",
        "02000000",
        "d1000000", // 'h' + 'i' = 0x68 + 0x69
        "a8adabba", // WRTE ^ 0xffffffff
        "6869",
      ].join(""),
    );
    expect(encodePacket({ command: A_WRTE, arg0: 2, arg1: 3, data: Buffer.from("hi") }).readUInt32LE(16)).toBe(0);
  });

  it("parses packets split at every byte, and several packets in one chunk", () => {
    const one = encodePacket({ command: A_CNXN, arg0: 0x01000001, arg1: 4096, data: Buffer.from("host::\0") });
    const two = encodePacket({ command: A_WRTE, arg0: 5, arg1: 6, data: Buffer.alloc(0) });
    const bytewise = new PacketParser(4096);
    const packets = [...one, ...two].flatMap((byte) => bytewise.push(Buffer.of(byte)));
    const together = new PacketParser(4096).push(Buffer.concat([one, two]));
    for (const parsed of [packets, together]) {
      expect(parsed).toEqual([
        { command: A_CNXN, arg0: 0x01000001, arg1: 4096, data: Buffer.from("host::\0") },
        { command: A_WRTE, arg0: 5, arg1: 6, data: Buffer.alloc(0) },
      ]);
    }
  });

  it("rejects a bad magic, an unknown command and a payload over the limit", () => {
    const good = encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, data: Buffer.alloc(10) });
    const badMagic = Buffer.from(good);
    badMagic.writeUInt32LE(0, 20);
    expect(() => new PacketParser(4096).push(badMagic)).toThrow(AdbProtocolError);
    const unknown = encodePacket({ command: 0x434e5953, arg0: 0, arg1: 0, data: Buffer.alloc(0) });
    expect(() => new PacketParser(4096).push(unknown)).toThrow(AdbProtocolError);
    expect(() => new PacketParser(5).push(good)).toThrow(/exceeds the limit of 5/);
  });
});

describe("shell_v2 packets", () => {
  it("frames id + LE length + data and reassembles packets split across WRTEs", () => {
    const bytes = Buffer.concat([encodeShellPacket(0, Buffer.from("abc")), encodeShellPacket(4, Buffer.alloc(0))]);
    expect(bytes.toString("hex")).toBe("0003000000616263" + "0400000000");
    const parser = new ShellPacketParser();
    expect(parser.push(bytes.subarray(0, 6))).toEqual([]);
    expect(parser.push(bytes.subarray(6))).toEqual([
      { id: 0, data: Buffer.from("abc") },
      { id: 4, data: Buffer.alloc(0) },
    ]);
  });
});

describe("service strings", () => {
  it("resolves shell_v2, legacy shell, exec, and refuses everything else", () => {
    expect(parseServiceRequest("shell,v2,TERM=xterm-256color,raw:echo hi")).toEqual({
      kind: "shell",
      protocol: "v2",
      pty: false,
      command: "echo hi",
    });
    expect(parseServiceRequest("shell,v2,pty:ls")).toMatchObject({ protocol: "v2", pty: true, command: "ls" });
    expect(parseServiceRequest("shell:getprop a:b")).toEqual({
      kind: "shell",
      protocol: "none",
      pty: false,
      command: "getprop a:b",
    });
    expect(parseServiceRequest("shell,v2,TERM=xterm:")).toMatchObject({ pty: true, command: "" });
    const install = "cmd package 'install' -S 3";
    expect(parseServiceRequest(`exec:${install}`)).toEqual({ kind: "exec", command: install });
    expect(parseServiceRequest("sync:")).toEqual({ kind: "sync" });
    expect(parseServiceRequest('clawperator-human:{"action":"back"}')).toEqual({
      kind: "human",
      request: '{"action":"back"}',
    });
    expect(parseServiceRequest("shellfoo:x")).toEqual({ kind: "unsupported", service: "shellfoo:x" });
  });
});
