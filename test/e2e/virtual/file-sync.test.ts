import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbDeviceServer } from "../../../android/virtual/adb/index.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-e2e-sync-");
let device: RunningVirtualDevice;
let serial: string;

/** Bytes no encoding survives by accident: every byte value, then a pattern with no period near 64 KiB. */
function binary(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i < 256 ? i : (i * 7919 + (i >> 9)) & 0xff;
  return bytes;
}

const adb = (...args: string[]) => session.harness.adb(["-s", serial, ...args], { stripFinalNewline: false });
/** adb 29 prints its sync errors on stdout (LinePrinter), not stderr. */
const said = (result: { stdout: unknown; stderr: unknown }) => `${String(result.stdout)}${String(result.stderr)}`;
const files = () => device.device.state.fs;

beforeAll(async () => {
  device = await session.startDevice();
  serial = device.serial;
});

describe("adb push / adb pull against the virtual device (sync: with STA2, LIS2, SEND, RECV)", () => {
  it("the device advertises what adb needs for stat_v2 and ls_v2 and pushes that make their directories", async () => {
    const { stdout } = await session.harness.adb(["-s", serial, "features"]);
    expect(String(stdout).split("\n")).toEqual(
      expect.arrayContaining(["shell_v2", "cmd", "stat_v2", "ls_v2", "fixed_push_mkdir"]),
    );
  });

  it.each([
    ["an empty file", 0],
    ["every byte value", 256],
    ["exactly one DATA piece", 64 * 1024 - 8],
    ["a 300 KB file, over many DATA pieces", 300_000],
  ])("%s goes up and comes back byte for byte", async (_what, size) => {
    const dir = await makeDir();
    const content = binary(size);
    await writeFile(join(dir, "up.bin"), content);
    const remote = `/sdcard/Download/sync-${size}.bin`;
    const pushed = await adb("push", join(dir, "up.bin"), remote);
    expect(pushed.exitCode).toBe(0);
    expect(files().read(remote)?.equals(content)).toBe(true);
    const pulled = await adb("pull", remote, join(dir, "down.bin"));
    expect(pulled.exitCode).toBe(0);
    expect((await readFile(join(dir, "down.bin"))).equals(content)).toBe(true);
  });

  it("pulls what the device wrote, through the /sdcard link and the real path alike", async () => {
    const dir = await makeDir();
    files().write("/sdcard/Documents/notes.txt", Buffer.from("written on the device\n"));
    expect((await adb("pull", "/sdcard/Documents/notes.txt", join(dir, "a.txt"))).exitCode).toBe(0);
    expect((await adb("pull", "/storage/emulated/0/Documents/notes.txt", dir)).exitCode).toBe(0);
    expect(await readFile(join(dir, "a.txt"), "utf8")).toBe("written on the device\n");
    expect(await readFile(join(dir, "notes.txt"), "utf8")).toBe("written on the device\n");
  });

  it("a missing file is adb's own error, and nothing is written locally", async () => {
    const dir = await makeDir();
    const result = await adb("pull", "/sdcard/no-such-file", join(dir, "x"));
    expect(result.exitCode).toBe(1);
    expect(said(result)).toBe(
      "adb: error: failed to stat remote object '/sdcard/no-such-file': No such file or directory\n",
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it("pulls a directory tree (LIS2), empty directories included", async () => {
    const dir = await makeDir();
    files().mkdir("/sdcard/tree/inner/empty", { parents: true });
    files().write("/sdcard/tree/top.txt", Buffer.from("top"));
    files().write("/sdcard/tree/inner/deep.bin", binary(70_000));
    const result = await adb("pull", "/sdcard/tree", dir);
    expect(result.exitCode).toBe(0);
    expect(await readFile(join(dir, "tree", "top.txt"), "utf8")).toBe("top");
    expect((await readFile(join(dir, "tree", "inner", "deep.bin"))).equals(binary(70_000))).toBe(true);
    expect((await stat(join(dir, "tree", "inner", "empty"))).isDirectory()).toBe(true);
  });

  it("pushes a directory tree, creating the directories, and keeps the local modification times", async () => {
    const dir = await makeDir({ "up/a.txt": "A", "up/sub/b.txt": "B" });
    const when = new Date("2025-06-01T12:00:00Z");
    await utimes(join(dir, "up", "sub", "b.txt"), when, when);
    const result = await adb("push", join(dir, "up"), "/sdcard/new/place");
    expect(result.exitCode).toBe(0);
    expect(files().read("/sdcard/new/place/a.txt")?.toString()).toBe("A");
    expect(files().read("/sdcard/new/place/sub/b.txt")?.toString()).toBe("B");
    expect(files().stat("/sdcard/new/place/sub/b.txt")).toMatchObject({ mtime: when.getTime() / 1000 });
  });

  it("a push over an existing file replaces it; into an existing directory, lands inside it", async () => {
    const dir = await makeDir({ "f.txt": "new" });
    files().write("/data/local/tmp/f.txt", Buffer.from("old and longer"));
    expect((await adb("push", join(dir, "f.txt"), "/data/local/tmp/f.txt")).exitCode).toBe(0);
    expect(files().read("/data/local/tmp/f.txt")?.toString()).toBe("new");
    expect((await adb("push", join(dir, "f.txt"), "/sdcard/Music")).exitCode).toBe(0);
    expect(files().read("/sdcard/Music/f.txt")?.toString()).toBe("new");
  });

  it("a push where the shell user cannot write fails with the device's reason", async () => {
    const dir = await makeDir({ "f.txt": "x" });
    const readOnly = await adb("push", join(dir, "f.txt"), "/system/f.txt");
    expect(readOnly.exitCode).toBe(1);
    expect(said(readOnly)).toContain("remote couldn't create file: Read-only file system");
    files().write("/sdcard/plain", Buffer.from("a file"));
    const underFile = await adb("push", join(dir, "f.txt"), "/sdcard/plain/f.txt");
    expect(underFile.exitCode).toBe(1);
    // adb stats the destination first, and stops at the device's errno.
    expect(said(underFile)).toBe(
      "adb: error: stat failed when trying to push to /sdcard/plain/f.txt: Not a directory\n",
    );
    expect(files().read("/sdcard/plain")?.toString()).toBe("a file");
  });

  it("adb ls lists a directory with modes, sizes and times", async () => {
    files().mkdir("/sdcard/listed");
    files().write("/sdcard/listed/one", Buffer.from("12345"));
    const { stdout, exitCode } = await adb("ls", "/sdcard/listed");
    expect(exitCode).toBe(0);
    const rows = String(stdout).trim().split("\n");
    expect(rows.map((row) => row.split(" ").at(-1))).toEqual([".", "..", "one"]);
    const one = rows.find((row) => row.endsWith(" one"))!.split(" ");
    expect(one.slice(0, 2)).toEqual(["000081b0", "00000005"]);
  });

  it("the shell's cat and ls see the same files", async () => {
    files().mkdir("/sdcard/shown");
    files().write("/sdcard/shown/b", Buffer.from("bee"));
    files().write("/sdcard/shown/a", Buffer.from("ay"));
    expect(String((await adb("shell", "ls /sdcard/shown")).stdout)).toBe("a\nb\n");
    expect(String((await adb("shell", "cat /sdcard/shown/b")).stdout)).toBe("bee");
    const missing = await adb("shell", "ls /sdcard/none");
    expect(missing.exitCode).toBe(1);
    expect(String(missing.stderr)).toBe("ls: /sdcard/none: No such file or directory\n");
  });
});

describe("a device without stat_v2 and ls_v2: adb falls back to STAT and LIST", () => {
  let server: AdbDeviceServer;
  let legacy: string;

  beforeAll(async () => {
    server = new AdbDeviceServer(device.device.services, { features: ["shell_v2", "cmd"] });
    legacy = `127.0.0.1:${await server.listen(0)}`;
    await session.harness.adb(["connect", legacy]);
    await session.harness.waitForDevices((listed) => listed.get(legacy) === "device");
  });
  afterAll(async () => {
    await session.harness.adb(["disconnect", legacy]);
    await server.close();
  });

  it("pulls files and trees, and reports a missing file as adb words it then", async () => {
    const dir = await makeDir();
    files().mkdir("/sdcard/old/sub", { parents: true });
    files().write("/sdcard/old/sub/x.bin", binary(100_000));
    const tree = await session.harness.adb(["-s", legacy, "pull", "/sdcard/old", dir]);
    expect(tree.exitCode).toBe(0);
    expect((await readFile(join(dir, "old", "sub", "x.bin"))).equals(binary(100_000))).toBe(true);
    const missing = await session.harness.adb(["-s", legacy, "pull", "/sdcard/none", join(dir, "y")], {
      stripFinalNewline: false,
    });
    expect(missing.exitCode).toBe(1);
    expect(said(missing)).toBe("adb: error: remote object '/sdcard/none' does not exist\n");
    await mkdir(join(dir, "up"));
    await writeFile(join(dir, "up", "z"), "zed");
    expect((await session.harness.adb(["-s", legacy, "push", join(dir, "up", "z"), "/sdcard/old/z"])).exitCode).toBe(0);
    expect(files().read("/sdcard/old/z")?.toString()).toBe("zed");
  });
});
