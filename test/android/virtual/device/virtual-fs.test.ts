import { describe, expect, it } from "vitest";
import { VirtualFileSystem } from "../../../../android/virtual/device/virtual-fs.ts";

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const fresh = () => new VirtualFileSystem(() => NOW);

describe("the virtual device's file system", () => {
  it("/sdcard and its aliases are links to /storage/emulated/0; lstat sees the link, stat what it points to", () => {
    const fs = fresh();
    expect(fs.write("/sdcard/Download/a.txt", Buffer.from("A"))).toBeUndefined();
    expect(fs.read("/storage/emulated/0/Download/a.txt")?.toString()).toBe("A");
    expect(fs.read("/mnt/sdcard/Download/a.txt")?.toString()).toBe("A");
    expect(fs.stat("/sdcard", { follow: false })).toMatchObject({ type: "link", mode: 0o120777 });
    expect(fs.stat("/sdcard")).toMatchObject({ type: "dir", mode: 0o40771 });
    expect(fs.stat("/sdcard/Download/a.txt")).toMatchObject({
      type: "file",
      mode: 0o100660,
      size: 1,
      mtime: NOW / 1000,
      uid: 0,
      gid: 1015,
    });
  });

  it("a file needs its directory: missing is ENOENT, a file on the way is ENOTDIR, a directory is EISDIR", () => {
    const fs = fresh();
    expect(fs.write("/sdcard/none/x", Buffer.from("x"))).toBe("ENOENT");
    fs.write("/sdcard/file", Buffer.from("x"));
    expect(fs.write("/sdcard/file/x", Buffer.from("x"))).toBe("ENOTDIR");
    expect(fs.stat("/sdcard/file/x")).toBe("ENOTDIR");
    expect(fs.readProblem("/sdcard/file/x")).toBe("ENOTDIR");
    expect(fs.write("/sdcard/Download", Buffer.from("x"))).toBe("EISDIR");
    expect(fs.readProblem("/sdcard/Download")).toBe("EISDIR");
    expect(fs.readProblem("/sdcard/nothing")).toBe("ENOENT");
  });

  it("the shell user writes only to shared storage and /data/local/tmp", () => {
    const fs = fresh();
    expect(fs.write("/system/x", Buffer.from("x"))).toBe("EROFS");
    expect(fs.write("/x", Buffer.from("x"))).toBe("EROFS");
    expect(fs.write("/data/x", Buffer.from("x"))).toBe("EACCES");
    expect(fs.write("/data/local/tmp/x", Buffer.from("x"), { perms: 0o644 })).toBeUndefined();
    expect(fs.stat("/data/local/tmp/x")).toMatchObject({ mode: 0o100644, uid: 2000, gid: 2000 });
    expect(fs.list("/data")).toBe("EACCES");
    expect(fs.mkdir("/system/d")).toBe("EROFS");
  });

  it("mkdir, mkdir -p, listing in name order, rm and rm -r", () => {
    const fs = fresh();
    expect(fs.mkdir("/sdcard/a/b")).toBe("ENOENT");
    expect(fs.mkdir("/sdcard/a/b", { parents: true })).toBeUndefined();
    expect(fs.mkdir("/sdcard/a")).toBe("EEXIST");
    expect(fs.mkdir("/sdcard/a/b", { parents: true })).toBeUndefined();
    fs.write("/sdcard/a/z", Buffer.from("zz"));
    fs.write("/sdcard/a/B", Buffer.from("b"));
    const list = fs.list("/sdcard/a");
    expect(typeof list === "string" ? list : list.map((e) => `${e.name}:${e.stat.type}`)).toEqual([
      "B:file",
      "b:dir",
      "z:file",
    ]);
    expect(fs.list("/sdcard/a/z")).toBe("ENOTDIR");
    expect(fs.remove("/sdcard/a")).toBe("ENOTEMPTY");
    expect(fs.remove("/sdcard/a/z")).toBeUndefined();
    expect(fs.remove("/sdcard/a", { recursive: true })).toBeUndefined();
    expect(fs.stat("/sdcard/a/b")).toBe("ENOENT");
    expect(fs.remove("/sdcard")).toBe("EROFS");
  });

  it("an open file keeps taking writes after its name is removed, out of sight, as a descriptor does", () => {
    const fs = fresh();
    const file = fs.open("/sdcard/log.txt");
    if (typeof file === "string") throw new Error(file);
    file.append(Buffer.from("one "));
    expect(fs.read("/sdcard/log.txt")?.toString()).toBe("one ");
    file.append(Buffer.from("two"));
    expect(fs.read("/sdcard/log.txt")?.toString()).toBe("one two");
    fs.remove("/sdcard/log.txt");
    file.append(Buffer.from("three"));
    expect(fs.read("/sdcard/log.txt")).toBeUndefined();
  });
});
