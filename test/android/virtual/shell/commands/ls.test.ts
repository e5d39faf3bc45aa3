import { describe, expect, it } from "vitest";
import { ShellHarness } from "../shell-harness.ts";

describe("ls (toybox, as adb shell runs it: one name per line)", () => {
  const withFiles = () => {
    const sh = new ShellHarness();
    sh.state.fs.mkdir("/sdcard/rec/sub", { parents: true });
    sh.state.fs.write("/sdcard/rec/b.ndjson", Buffer.from("12345"));
    sh.state.fs.write("/sdcard/rec/a.ndjson", Buffer.from(""));
    sh.state.fs.write("/sdcard/rec/.hidden", Buffer.from("h"));
    return sh;
  };

  it("lists names in order, without dot files unless -a, which adds . and ..", async () => {
    const sh = withFiles();
    expect(await sh.run("ls /sdcard/rec")).toMatchObject({ code: 0, stdout: "a.ndjson\nb.ndjson\nsub\n" });
    expect((await sh.run("ls -a /sdcard/rec/")).stdout).toBe(".\n..\n.hidden\na.ndjson\nb.ndjson\nsub\n");
  });

  it("-l shows type, permissions, links, owner, group, size, time and name, after the total", async () => {
    const sh = withFiles();
    const when = new Date(sh.clock.time).toISOString().slice(0, 16).replace("T", " ");
    expect((await sh.run("ls -l /sdcard/rec")).stdout).toBe(
      "total 8\n" +
        `-rw-rw---- 1 root sdcard_rw    0 ${when} a.ndjson\n` +
        `-rw-rw---- 1 root sdcard_rw    5 ${when} b.ndjson\n` +
        `drwxrwx--x 2 root sdcard_rw 4096 ${when} sub\n`,
    );
  });

  it("a file prints as named; -d names a directory itself; several paths get headings, files first", async () => {
    const sh = withFiles();
    expect((await sh.run("ls /sdcard/rec/b.ndjson")).stdout).toBe("/sdcard/rec/b.ndjson\n");
    expect((await sh.run("ls -d /sdcard/rec")).stdout).toBe("/sdcard/rec\n");
    expect((await sh.run("ls /sdcard/rec/sub /sdcard/rec/a.ndjson /sdcard/rec")).stdout).toBe(
      "/sdcard/rec/a.ndjson\n\n/sdcard/rec/sub:\n\n/sdcard/rec:\na.ndjson\nb.ndjson\nsub\n",
    );
  });

  it("reports what it cannot list and exits 1, listing the rest", async () => {
    const sh = withFiles();
    expect(await sh.run("ls /sdcard/none /data /sdcard/rec/sub")).toMatchObject({
      code: 1,
      stdout: "/sdcard/rec/sub:\n",
      stderr: "ls: /sdcard/none: No such file or directory\nls: /data: Permission denied\n",
    });
    expect(await sh.run("ls -z")).toMatchObject({ code: 1, stderr: `ls: Unknown option 'z' (see "ls --help")\n` });
  });
});
