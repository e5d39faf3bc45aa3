import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbDeviceServer } from "../../../../android/virtual/adb/index.ts";
import { A_CLSE, A_OKAY, A_OPEN, A_WRTE } from "../../../../android/virtual/adb/packet.ts";
import { deviceFiles } from "../../../../android/virtual/device/device-files.ts";
import { VirtualFileSystem } from "../../../../android/virtual/device/virtual-fs.ts";
import { RawAdbClient } from "./raw-client.ts";
import { StubServices } from "./stub-services.ts";

const id = (name: string) => Buffer.from(name, "latin1");
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const request = (name: string, path: string | Buffer) => {
  const bytes = Buffer.from(path);
  return Buffer.concat([id(name), u32(bytes.length), bytes]);
};
const message = (name: string, size: number, data = Buffer.alloc(0)) => Buffer.concat([id(name), u32(size), data]);

/**
 * Opens `sync:`, writes `bytes` to it and reads everything the device answers until it closes the stream (OKAYing
 * each WRTE); resolves with the answer's bytes, or undefined when the device refused the service.
 */
async function sync(port: number, ...bytes: Buffer[]): Promise<Buffer | undefined> {
  const client = await RawAdbClient.open(port);
  try {
    await client.hello();
    client.send(A_OPEN, 7, 0, "sync:\0");
    const opened = await client.next();
    if (opened.command !== A_OKAY) return undefined;
    const deviceId = opened.arg0;
    for (const chunk of bytes) client.send(A_WRTE, 7, deviceId, chunk);
    const answer: Buffer[] = [];
    for (;;) {
      const packet = await client.next();
      if (packet.command === A_CLSE) return Buffer.concat(answer);
      if (packet.command === A_WRTE) {
        answer.push(packet.data);
        client.send(A_OKAY, 7, deviceId);
      }
    }
  } finally {
    client.close();
  }
}

const failed = (reason: string) => message("FAIL", Buffer.byteLength(reason), Buffer.from(reason));

describe("the sync: service at the byte level", () => {
  const fs = new VirtualFileSystem(() => Date.UTC(2026, 0, 1));
  const stub = new StubServices();
  const withFiles = new AdbDeviceServer({
    banner: () => stub.banner(),
    run: (l, s) => stub.run(l, s),
    files: deviceFiles(fs),
  });
  const withoutFiles = new AdbDeviceServer(stub);
  let port: number;
  let bare: number;

  beforeAll(async () => {
    port = await withFiles.listen();
    bare = await withoutFiles.listen();
    fs.write("/sdcard/a.txt", Buffer.from("hello"));
  });
  afterAll(async () => {
    await withFiles.close();
    await withoutFiles.close();
  });

  it("a device that serves files says so in its banner; one that does not refuses sync:", async () => {
    const client = await RawAdbClient.open(port);
    expect((await client.hello()).data.toString()).toMatch(/features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir$/);
    client.close();
    expect(await sync(bare, request("QUIT", ""))).toBeUndefined();
  });

  it("answers requests in order on one stream until QUIT, even when they arrive split", async () => {
    const all = Buffer.concat([
      request("RECV", "/sdcard/a.txt"),
      request("RECV", "/sdcard/a.txt"),
      request("QUIT", ""),
    ]);
    const answer = await sync(port, all.subarray(0, 3), all.subarray(3, 17), all.subarray(17));
    const once = Buffer.concat([message("DATA", 5, Buffer.from("hello")), message("DONE", 0)]);
    expect(answer).toEqual(Buffer.concat([once, once]));
  });

  it("STAT (v1) answers zeros for a missing path; STA2 the errno", async () => {
    const answer = await sync(
      port,
      request("STAT", "/sdcard/none"),
      request("STA2", "/sdcard/none"),
      request("QUIT", ""),
    );
    expect(answer!.subarray(0, 16)).toEqual(Buffer.concat([id("STAT"), Buffer.alloc(12)]));
    expect(answer!.subarray(16, 24)).toEqual(Buffer.concat([id("STA2"), u32(2)]));
    expect(answer!.subarray(24)).toEqual(Buffer.alloc(64));
  });

  it.each([
    ["a path over 1024 bytes", [request("STA2", "x".repeat(1025))], "path too long"],
    ["an unknown request", [request("XXXX", "/")], "unknown command 58585858"],
    ["a SEND without a mode", [request("SEND", "/sdcard/b")], "missing , in ID_SEND"],
    ["a DATA over 64 KiB", [request("SEND", "/sdcard/b,420"), message("DATA", 65_537)], "oversize data message"],
    ["something else than DATA", [request("SEND", "/sdcard/b,420"), message("QUIT", 0)], "invalid data message"],
    ["a RECV of a missing file", [request("RECV", "/sdcard/none")], "open failed: No such file or directory"],
    ["a RECV of a directory", [request("RECV", "/sdcard")], "open failed: Is a directory"],
  ])("%s is a FAIL with adbd's words, and the session ends", async (_what, bytes, reason) => {
    expect(await sync(port, ...bytes, request("STA2", "/"))).toEqual(failed(reason));
  });

  it("a SEND that cannot be written reports why, after the upload, and ends the session", async () => {
    const answer = await sync(
      port,
      request("SEND", "/system/x,420"),
      message("DATA", 3, Buffer.from("abc")),
      message("DONE", 1_700_000_000),
      request("QUIT", ""),
    );
    expect(answer).toEqual(failed("couldn't create file: Read-only file system"));
    expect(fs.read("/system/x")).toBeUndefined();
  });

  it("a SEND answers OKAY and the file has the data, its mode (owner bits copied to group and others) and mtime", async () => {
    const answer = await sync(
      port,
      request("SEND", "/data/local/tmp/new/f,0600"),
      message("DATA", 2, Buffer.from("ab")),
      message("DATA", 1, Buffer.from("c")),
      message("DONE", 1_700_000_000),
      request("QUIT", ""),
    );
    expect(answer).toEqual(message("OKAY", 0));
    expect(fs.read("/data/local/tmp/new/f")?.toString()).toBe("abc");
    expect(fs.stat("/data/local/tmp/new/f")).toMatchObject({ mode: 0o100666, mtime: 1_700_000_000 });
  });
});
