import { randomBytes } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbTransport } from "../../../plugins/adb/client/adb-transport.ts";
import { caught } from "../../helpers/caught.ts";

/** What the fake device holds: a file's bytes, a directory, or a RECV it refuses with adbd's words. */
type Entry = { file: Buffer; statSize?: number } | { dir: true } | { refuse: string } | { hangUp: true };
const FILES = new Map<string, Entry>();
const requests: string[] = [];
/** Resolved at the next QUIT, which may arrive after the pull has returned. */
let onQuit: () => void = () => undefined;
const nextQuit = () => new Promise<void>((resolve) => (onQuit = resolve));

const frame = (id: string, length: number, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(8);
  head.write(id, 0, "latin1");
  head.writeUInt32LE(length, 4);
  return Buffer.concat([head, body]);
};

/**
 * An adb server in miniature: the host protocol's `host:transport:<serial>` and `sync:`, then adbd's sync replies
 * (STAT, RECV as DATA chunks of at most 64 KiB then DONE, FAIL with a message, QUIT).
 */
function serve(socket: Socket): void {
  let buffer = Buffer.alloc(0);
  let sync = false;
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!sync) {
        if (buffer.length < 4) return;
        const length = Number.parseInt(buffer.toString("latin1", 0, 4), 16);
        if (buffer.length < 4 + length) return;
        const service = buffer.toString("utf8", 4, 4 + length);
        buffer = buffer.subarray(4 + length);
        requests.push(service);
        if (service === "host:transport:gone") {
          const message = "device 'gone' not found";
          socket.end(`FAIL${message.length.toString(16).padStart(4, "0")}${message}`);
          return;
        }
        socket.write("OKAY");
        if (service === "sync:") sync = true;
        continue;
      }
      if (buffer.length < 8) return;
      const id = buffer.toString("latin1", 0, 4);
      const length = buffer.readUInt32LE(4);
      if (buffer.length < 8 + length) return;
      const path = buffer.toString("utf8", 8, 8 + length);
      buffer = buffer.subarray(8 + length);
      requests.push(`${id} ${path}`);
      const entry = FILES.get(path);
      if (id === "QUIT") {
        onQuit();
        return void socket.end();
      }
      if (id === "STAT") {
        const stat = Buffer.alloc(16);
        stat.write("STAT", 0, "latin1");
        if (entry && "dir" in entry) stat.writeUInt32LE(0o040755, 4);
        else if (entry) {
          stat.writeUInt32LE(0o100660, 4);
          stat.writeUInt32LE("file" in entry ? (entry.statSize ?? entry.file.length) : 10, 8);
        }
        socket.write(stat);
      } else if (id === "RECV") {
        if (!entry || "dir" in entry) continue;
        if ("refuse" in entry) {
          socket.write(frame("FAIL", Buffer.byteLength(entry.refuse), Buffer.from(entry.refuse)));
          continue;
        }
        if ("hangUp" in entry) {
          socket.end(frame("DATA", 100, Buffer.alloc(10)));
          return;
        }
        for (let at = 0; at < entry.file.length; at += 65_536) {
          const part = entry.file.subarray(at, at + 65_536);
          socket.write(frame("DATA", part.length, part));
        }
        socket.write(frame("DONE", 0));
      }
    }
  });
  socket.on("error", () => undefined);
}

let server: Server;
let transport: AdbTransport;

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  transport = new AdbTransport({ env: { ...process.env, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${port}` } });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the adb transport's pull (adb's sync service)", () => {
  it("returns the file byte for byte across many DATA chunks, after host:transport and sync:", async () => {
    const bytes = randomBytes(200_000);
    FILES.set("/sdcard/big.bin", { file: bytes });
    requests.length = 0;
    const quit = nextQuit();
    const pulled = await transport.pull("emulator-5554", "/sdcard/big.bin");
    expect(pulled.ok && pulled.data.equals(bytes)).toBe(true);
    await quit;
    expect(requests).toEqual([
      "host:transport:emulator-5554",
      "sync:",
      "STAT /sdcard/big.bin",
      "RECV /sdcard/big.bin",
      "QUIT ",
    ]);
  });

  it("an empty file is an empty buffer, and a path with quotes and spaces goes as it is", async () => {
    FILES.set("/sdcard/it's a file", { file: Buffer.alloc(0) });
    expect(await transport.pull("emulator-5554", "/sdcard/it's a file")).toEqual({ ok: true, data: Buffer.alloc(0) });
  });

  it("a missing file, a directory and a refused RECV are refusals in adb's words, not errors", async () => {
    expect(await transport.pull("emulator-5554", "/sdcard/none")).toEqual({
      ok: false,
      message: "remote object '/sdcard/none' does not exist",
    });
    FILES.set("/sdcard/dir", { dir: true });
    expect(await transport.pull("emulator-5554", "/sdcard/dir")).toEqual({
      ok: false,
      message: "remote object '/sdcard/dir' is a directory",
    });
    FILES.set("/sdcard/secret", { refuse: "open failed: Permission denied" });
    expect(await transport.pull("emulator-5554", "/sdcard/secret")).toEqual({
      ok: false,
      message: "open failed: Permission denied",
    });
  });

  it("a file over maxBytes is refused by its size, and by its bytes when the size it gave was wrong", async () => {
    FILES.set("/sdcard/large", { file: randomBytes(1000) });
    expect(await transport.pull("emulator-5554", "/sdcard/large", { maxBytes: 999 })).toMatchObject({
      ok: false,
      message: expect.stringContaining("1000 bytes, over the limit of 999"),
    });
    FILES.set("/sdcard/liar", { file: randomBytes(70_000), statSize: 10 });
    expect(await transport.pull("emulator-5554", "/sdcard/liar", { maxBytes: 50_000 })).toMatchObject({
      ok: false,
      message: expect.stringContaining("over the limit of 50000 bytes"),
    });
    expect((await transport.pull("emulator-5554", "/sdcard/large", { maxBytes: 1000 })).ok).toBe(true);
  });

  it("a path adb cannot carry is refused before anything is sent", async () => {
    requests.length = 0;
    expect((await transport.pull("emulator-5554", `/sdcard/${"x".repeat(1100)}`)).ok).toBe(false);
    expect(requests.filter((r) => !r.startsWith("QUIT"))).toEqual(["host:transport:emulator-5554", "sync:"]);
  });

  it("an unknown device is DEVICE_NOT_FOUND, a transfer cut short is DEVICE_OFFLINE", async () => {
    expect((await caught(() => transport.pull("gone", "/sdcard/big.bin"))).code).toBe("DEVICE_NOT_FOUND");
    FILES.set("/sdcard/cut", { hangUp: true });
    expect((await caught(() => transport.pull("emulator-5554", "/sdcard/cut"))).code).toBe("DEVICE_OFFLINE");
  });
});
