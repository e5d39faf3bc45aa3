import type { AdbStream } from "./adb-stream.ts";
import { ByteReader } from "./byte-reader.ts";
import type { DeviceFiles } from "../device/device-services.ts";
import {
  dent,
  failure,
  header,
  listDone,
  statV1,
  statV2,
  SYNC_DATA_MAX,
  SYNC_ID,
  SYNC_PATH_MAX,
} from "./sync-messages.ts";

/** Linux's strerror for the errno values a file request can fail with. */
const STRERROR: Readonly<Record<number, string>> = {
  2: "No such file or directory",
  13: "Permission denied",
  20: "Not a directory",
  21: "Is a directory",
  30: "Read-only file system",
};
const strerror = (errno: number) => STRERROR[errno] ?? `Unknown error ${errno}`;

/** What one request left the session: go on with the next, or end the stream (QUIT, or a failure adbd ends on). */
type Next = "continue" | "end";

/**
 * adbd's file_sync_service on one stream: requests one after another until QUIT, a failure, or the client going away.
 * Answers as platform-tools 29's adbd does, so the real `adb pull` / `adb push` / `adb ls` print what they print
 * against a phone (a missing file, a directory where a file is written, and so on).
 */
export async function serveSync(stream: AdbStream, files: DeviceFiles): Promise<void> {
  const input = new ByteReader();
  stream.onData = (data, ack) => {
    input.push(data);
    ack();
  };
  stream.signal.addEventListener("abort", () => input.end(), { once: true });
  const session = new SyncSession(stream, input, files);
  while (stream.isOpen && (await session.next()) === "continue");
  stream.end();
}

class SyncSession {
  constructor(
    private readonly stream: AdbStream,
    private readonly input: ByteReader,
    private readonly files: DeviceFiles,
  ) {}

  async next(): Promise<Next> {
    const request = await this.input.read(8);
    if (!request) return "end";
    const id = request.readUInt32LE(0);
    const length = request.readUInt32LE(4);
    if (length > SYNC_PATH_MAX) return this.fail("path too long");
    const path = await this.input.read(length);
    if (!path) return this.fail("filename read failure");
    const name = path.toString("utf8");
    switch (id) {
      case SYNC_ID.LSTAT_V1:
        this.stream.write(statV1(this.files.stat(name, false)));
        return "continue";
      case SYNC_ID.STAT_V2:
      case SYNC_ID.LSTAT_V2:
        this.stream.write(statV2(id, this.files.stat(name, id === SYNC_ID.STAT_V2)));
        return "continue";
      case SYNC_ID.LIST_V1:
      case SYNC_ID.LIST_V2:
        this.list(name, id === SYNC_ID.LIST_V2);
        return "continue";
      case SYNC_ID.RECV:
        return this.recv(name);
      case SYNC_ID.SEND:
        return this.send(name);
      case SYNC_ID.QUIT:
        return "end";
      default:
        return this.fail(`unknown command ${id.toString(16).padStart(8, "0")}`);
    }
  }

  /** readdir order with `.` and `..` first; a directory that cannot be opened lists nothing. */
  private list(path: string, v2: boolean): void {
    const entries = this.files.list(path);
    if (typeof entries !== "number") {
      const self = this.files.stat(path, true);
      const parent = this.files.stat(`${path}/..`, true);
      for (const [name, stat] of [
        [".", self],
        ["..", parent],
      ] as const) {
        if (typeof stat !== "number") this.stream.write(dent(v2, name, stat));
      }
      for (const entry of entries) this.stream.write(dent(v2, entry.name, entry.stat));
    }
    this.stream.write(listDone(v2));
  }

  /** The file in DATA pieces of up to 64 KiB less a header, then DONE; a file that cannot be opened ends the session. */
  private recv(path: string): Next {
    const content = this.files.read(path);
    if (typeof content === "number") return this.fail(`open failed: ${strerror(content)}`);
    const piece = SYNC_DATA_MAX - 8;
    for (let at = 0; at < content.length; at += piece) {
      const data = content.subarray(at, at + piece);
      this.stream.write(Buffer.concat([header(SYNC_ID.DATA, data.length), data]));
    }
    this.stream.write(header(SYNC_ID.DONE, 0));
    return "continue";
  }

  /**
   * `SEND path,mode`, then DATA pieces and DONE with the mtime. A bad piece fails at once; a file that cannot be
   * written is reported, the rest of the upload read and dropped, and the session ends (adbd's handle_send_file).
   */
  private async send(spec: string): Promise<Next> {
    const comma = spec.lastIndexOf(",");
    if (comma < 0) return this.fail("missing , in ID_SEND");
    const path = spec.slice(0, comma);
    const mode = parseMode(spec.slice(comma + 1));
    const chunks: Buffer[] = [];
    for (;;) {
      const head = await this.input.read(8);
      if (!head) return "end";
      const id = head.readUInt32LE(0);
      const size = head.readUInt32LE(4);
      if (id === SYNC_ID.DONE) {
        const problem = this.files.write(path, mode, Buffer.concat(chunks), size);
        if (problem) return this.fail(problem);
        this.stream.write(header(SYNC_ID.OKAY, 0));
        return "continue";
      }
      if (id !== SYNC_ID.DATA) return this.fail("invalid data message");
      if (size > SYNC_DATA_MAX) return this.fail("oversize data message");
      const data = await this.input.read(size);
      if (!data) return "end";
      chunks.push(data);
    }
  }

  private fail(reason: string): Next {
    this.stream.write(failure(reason));
    return "end";
  }
}

/**
 * The mode after the comma (strtoul, base from its prefix), reduced to permission bits with the owner's bits copied
 * to group and others, as adbd does before creating the file.
 */
function parseMode(text: string): number {
  const trimmed = text.trim();
  const parsed = /^0x/i.test(trimmed)
    ? Number.parseInt(trimmed.slice(2), 16)
    : /^0[0-7]/.test(trimmed)
      ? Number.parseInt(trimmed, 8)
      : Number.parseInt(trimmed, 10);
  let mode = (Number.isNaN(parsed) ? 0 : parsed) & 0o777;
  mode |= (mode >> 3) & 0o070;
  mode |= (mode >> 3) & 0o007;
  return mode;
}
