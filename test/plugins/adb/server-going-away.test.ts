import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { AdbTransport } from "../../../plugins/adb/client/adb-transport.ts";
import { caught } from "../../helpers/caught.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
let device: RunningVirtualDevice;
let proxy: Server;
let proxyPort: number;
/** How the next connections to the proxy end on their first request, before the real server sees it. */
const dropNext: Array<"reset" | "close"> = [];
const open = new Set<Socket>();
const track = (socket: Socket) => {
  open.add(socket);
  socket.on("close", () => open.delete(socket));
};

beforeAll(async () => {
  device = await session.startDevice();
  // In front of the adb server: a connection told to drop behaves as one accepted by a server that is stopping.
  proxy = createServer((client: Socket) => {
    track(client);
    const drop = dropNext.shift();
    if (drop) {
      client.once("data", () => (drop === "reset" ? client.resetAndDestroy() : client.end()));
      return;
    }
    const server = connect(session.harness.serverPort, "127.0.0.1");
    track(server);
    client.pipe(server).pipe(client);
    for (const s of [client, server])
      s.on("error", () => {
        client.destroy();
        server.destroy();
      });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyPort = (proxy.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  for (const socket of open) socket.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
});

const transport = () =>
  new AdbTransport({ env: { ...process.env, ...session.harness.env, ANDROID_ADB_SERVER_PORT: String(proxyPort) } });

describe("a connection to an adb server that is going away (adb kill-server during an execution)", () => {
  it("is made again: a reset and a close while switching to the device still give the call its answer", async () => {
    dropNext.push("reset", "close");
    expect(await transport().shell(device.serial, "echo through")).toEqual({
      stdout: "through\n",
      stderr: "",
      exitCode: 0,
    });
    dropNext.push("close");
    const stream = transport().logcat(device.serial, ["-v", "time", "-T", "1"]);
    await stream.ready;
    await stream.close();
  });

  it("is given up after a few tries, as a device error", async () => {
    dropNext.push("close", "close", "close", "close", "close");
    const error = await caught(() => transport().shell(device.serial, "echo never"));
    expect(error.code).toMatch(/^DEVICE_|^ADB_/);
    dropNext.length = 0;
  });
});
