import type { PulledFile } from "../../core/services/transport.ts";
import { AdbFailure, type AdbSocket } from "./adb-socket.ts";

/** adb's sync service refuses longer paths (1024 bytes, file_sync_protocol.h). */
export const SYNC_MAX_PATH_BYTES = 1024;
/** The largest DATA chunk adbd sends (SYNC_DATA_MAX). A longer one is not adb speaking. */
const SYNC_DATA_MAX = 64 * 1024;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/** One sync request: a 4-letter id, the path's length (u32 little-endian), the path. */
function request(id: "STAT" | "RECV" | "QUIT", path = ""): Buffer {
  const body = Buffer.from(path, "utf8");
  const head = Buffer.alloc(8);
  head.write(id, 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A FAIL's message: its length then its text. */
async function failMessage(socket: AdbSocket, length: number): Promise<string> {
  return (await socket.read(Math.min(length, SYNC_DATA_MAX))).toString("utf8");
}

/**
 * Reads one file over a connection already switched to the device's `sync:` service, as `adb pull` does: STAT
 * (mode 0 means no such file, as adb says it), then RECV's DATA chunks until DONE, or FAIL with adbd's message.
 * A file over `maxBytes` is refused as soon as its size or its bytes say so. Ends the session with QUIT.
 */
export async function syncPull(
  socket: AdbSocket,
  remotePath: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<PulledFile> {
  const refused = (message: string): PulledFile => ({ ok: false, message });
  if (Buffer.byteLength(remotePath, "utf8") > SYNC_MAX_PATH_BYTES)
    return refused(`remote path is longer than ${SYNC_MAX_PATH_BYTES} bytes: ${remotePath}`);
  if (remotePath.includes("\0")) return refused("remote path contains a NUL byte");

  socket.write(request("STAT", remotePath));
  const stat = await socket.read(16);
  if (stat.toString("latin1", 0, 4) !== "STAT") throw new AdbFailure("unexpected reply to a sync STAT request");
  const mode = stat.readUInt32LE(4);
  const size = stat.readUInt32LE(8);
  if (mode === 0) return refused(`remote object '${remotePath}' does not exist`);
  if ((mode & S_IFMT) === S_IFDIR) return refused(`remote object '${remotePath}' is a directory`);
  if (size > maxBytes) return refused(`remote object '${remotePath}' is ${size} bytes, over the limit of ${maxBytes}`);

  socket.write(request("RECV", remotePath));
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const head = await socket.read(8);
    const id = head.toString("latin1", 0, 4);
    const length = head.readUInt32LE(4);
    if (id === "DONE") break;
    if (id === "FAIL") return refused(await failMessage(socket, length));
    if (id !== "DATA" || length > SYNC_DATA_MAX) throw new AdbFailure(`unexpected sync reply "${id}" (${length})`);
    total += length;
    if (total > maxBytes) return refused(`remote object '${remotePath}' is over the limit of ${maxBytes} bytes`);
    chunks.push(await socket.read(length));
  }
  socket.write(request("QUIT"));
  return { ok: true, data: Buffer.concat(chunks, total) };
}
