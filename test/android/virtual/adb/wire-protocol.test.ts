import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AdbDeviceServer } from "../../../../android/virtual/adb/index.ts";
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_WRTE,
  type AdbPacket,
} from "../../../../android/virtual/adb/packet.ts";
import { ShellPacketParser, encodeShellPacket } from "../../../../android/virtual/adb/shell-protocol.ts";
import { RawAdbClient } from "./raw-client.ts";
import { StubServices, bigOutput } from "./stub-services.ts";

const BANNER =
  "device::ro.product.name=vproduct;ro.product.model=Virtual_Pixel;ro.product.device=vdevice;features=shell_v2,cmd";

/** Opens `service` as host stream `hostId`; resolves with the device's stream id (or 0 if it refused). */
async function open(client: RawAdbClient, hostId: number, service: string): Promise<number> {
  client.send(A_OPEN, hostId, 0, `${service}\0`);
  const answer = await client.next();
  expect(answer.arg1).toBe(hostId);
  return answer.command === A_OKAY ? answer.arg0 : 0;
}

/** Reads one stream to its CLSE, OKAYing every WRTE; other streams' packets are not expected. */
async function drain(client: RawAdbClient, hostId: number, deviceId: number): Promise<AdbPacket[]> {
  const writes: AdbPacket[] = [];
  for (;;) {
    const packet = await client.next();
    expect([packet.arg0, packet.arg1]).toEqual([deviceId, hostId]);
    if (packet.command === A_CLSE) return writes;
    expect(packet.command).toBe(A_WRTE);
    writes.push(packet);
    client.send(A_OKAY, hostId, deviceId);
  }
}

function shellPackets(writes: AdbPacket[]): Array<{ id: number; text: string }> {
  const parser = new ShellPacketParser();
  return writes
    .flatMap((write) => parser.push(write.data))
    .map((packet) => ({ id: packet.id, text: packet.data.toString("latin1") }));
}

describe("adb wire protocol, seen from a bare host", () => {
  const services = new StubServices();
  const device = new AdbDeviceServer(services, { maxPayload: 256 * 1024 });
  const clients: RawAdbClient[] = [];
  let port: number;
  const client = async (): Promise<RawAdbClient> => {
    const opened = await RawAdbClient.open(port);
    clients.push(opened);
    return opened;
  };

  beforeAll(async () => {
    port = await device.listen();
  });
  afterEach(() => {
    for (const opened of clients.splice(0)) opened.close();
  });
  afterAll(() => device.close());

  it("answers CNXN with version 0x01000001, its max payload and the banner", async () => {
    const host = await client();
    const answer = await host.hello();
    expect(answer).toEqual({ command: A_CNXN, arg0: 0x01000001, arg1: 256 * 1024, data: Buffer.from(BANNER) });
    // This version lets both sides skip payload checksums: the field is 0.
    expect(Buffer.concat(host.raw).readUInt32LE(16)).toBe(0);
  });

  it("checksums its payloads for a host speaking the older version 0x01000000", async () => {
    const host = await client();
    const answer = await host.hello(4096, 0x01000000);
    expect(answer.arg0).toBe(0x01000000);
    const deviceId = await open(host, 1, "shell:echo hi");
    const writes = await drain(host, 1, deviceId);
    expect(writes.map((write) => write.data.toString())).toEqual(["hi\n"]);
    const bytes = Buffer.concat(host.raw);
    const header = bytes.subarray(bytes.indexOf("hi\n") - 24);
    expect(header.readUInt32LE(0)).toBe(A_WRTE);
    expect(header.readUInt32LE(16)).toBe(0x68 + 0x69 + 0x0a);
  });

  it("closes an OPEN for an unknown service with CLSE(0, host id)", async () => {
    const host = await client();
    await host.hello();
    host.send(A_OPEN, 9, 0, "sync:\0");
    expect(await host.next()).toMatchObject({ command: A_CLSE, arg0: 0, arg1: 9 });
  });

  it("legacy shell: raw output with stderr merged, then CLSE", async () => {
    const host = await client();
    await host.hello();
    const deviceId = await open(host, 3, "shell:fail");
    expect(deviceId).toBeGreaterThan(0);
    const writes = await drain(host, 3, deviceId);
    expect(Buffer.concat(writes.map((write) => write.data)).toString()).toBe("to stdout\nto stderr\n");
  });

  it("sends one WRTE at a time, each within the host's max payload, and the output arrives whole", async () => {
    const host = await client();
    await host.hello(4096);
    const deviceId = await open(host, 1, "exec:big");
    const first = await host.next();
    expect(first).toMatchObject({ command: A_WRTE, arg0: deviceId, arg1: 1 });
    expect(first.data.length).toBe(4096);
    // A second stream's full answer proves the device has moved on without sending more on stream 1.
    const probeId = await open(host, 2, "shell:echo probe");
    await drain(host, 2, probeId);
    expect(host.pending()).toEqual([]);
    host.send(A_OKAY, 1, deviceId);
    const rest = await drain(host, 1, deviceId);
    expect(rest.every((write) => write.data.length <= 4096)).toBe(true);
    expect(Buffer.concat([first.data, ...rest.map((write) => write.data)]).equals(bigOutput())).toBe(true);
  });

  it("shell_v2: stdin and close-stdin packets, even split across WRTEs, reach the command", async () => {
    const host = await client();
    await host.hello();
    const deviceId = await open(host, 4, "shell,v2,raw:cat");
    const input = Buffer.concat([
      encodeShellPacket(0, Buffer.from("abc")),
      encodeShellPacket(5, Buffer.from("24x80,0x0")),
      encodeShellPacket(4, Buffer.alloc(0)),
    ]);
    host.send(A_WRTE, 4, deviceId, input.subarray(0, 6));
    expect(await host.next()).toMatchObject({ command: A_OKAY, arg0: deviceId, arg1: 4 });
    host.send(A_WRTE, 4, deviceId, input.subarray(6));
    expect(await host.next()).toMatchObject({ command: A_OKAY, arg0: deviceId, arg1: 4 });
    expect(shellPackets(await drain(host, 4, deviceId))).toEqual([
      { id: 1, text: "abc" },
      { id: 3, text: "\0" },
    ]);
  });

  it("shell_v2 with a pty: stderr joins stdout and line ends become CRLF", async () => {
    const host = await client();
    await host.hello();
    const deviceId = await open(host, 5, "shell,v2,TERM=xterm,pty:fail");
    expect(shellPackets(await drain(host, 5, deviceId))).toEqual([
      { id: 1, text: "to stdout\r\n" },
      { id: 1, text: "to stderr\r\n" },
      { id: 3, text: "\x03" },
    ]);
  });

  it("a host CLSE aborts the session and the device sends nothing more on that stream", async () => {
    const host = await client();
    await host.hello();
    const deviceId = await open(host, 6, "shell,v2,raw:stream");
    await host.next();
    host.send(A_CLSE, 6, deviceId);
    expect((await services.settled("stream")).aborted).toBe(true);
    const probeId = await open(host, 7, "shell:echo probe");
    await drain(host, 7, probeId);
    expect(host.pending()).toEqual([]);
  });

  it("drops a connection that sends a corrupt header", async () => {
    const host = await client();
    await host.hello();
    host.send(0x12345678, 0, 0);
    await expect(host.next()).rejects.toThrow("connection closed");
  });
});

describe("an unauthorized device on the wire", () => {
  const device = new AdbDeviceServer(new StubServices(), { authorized: false });
  afterAll(() => device.close());

  it("challenges, rejects every signature, waits on the public key, and connects once allowed", async () => {
    const host = await RawAdbClient.open(await device.listen());
    try {
      const challenge = await host.hello();
      expect(challenge).toMatchObject({ command: A_AUTH, arg0: 1 });
      expect(challenge.data.length).toBe(20);
      host.send(A_AUTH, 2, 0, Buffer.alloc(256, 1));
      const again = await host.next();
      expect(again).toMatchObject({ command: A_AUTH, arg0: 1 });
      expect(again.data.equals(challenge.data)).toBe(false);
      host.send(A_AUTH, 3, 0, "QAAAA...= user@host\0");
      device.setAuthorized(true);
      expect(await host.next()).toEqual({
        command: A_CNXN,
        arg0: 0x01000001,
        arg1: 1024 * 1024,
        data: Buffer.from(BANNER),
      });
    } finally {
      host.close();
    }
  });
});

describe("closing the device server", () => {
  it("aborts running sessions, drops every connection and stops listening", async () => {
    const services = new StubServices();
    const device = new AdbDeviceServer(services);
    const port = await device.listen();
    const host = await RawAdbClient.open(port);
    await host.hello();
    const deviceId = await open(host, 1, "shell,v2,raw:stream");
    expect(deviceId).toBeGreaterThan(0);
    await host.next();

    await device.close();
    expect((await services.settled("stream")).aborted).toBe(true);
    await expect(drain(host, 1, deviceId)).rejects.toThrow("connection closed");
    await expect(RawAdbClient.open(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
