import { describe, expect, it } from "vitest";
import { ShellHarness } from "../shell-harness.ts";

describe("rm (toybox)", () => {
  const withFiles = () => {
    const sh = new ShellHarness();
    sh.state.fs.mkdir("/data/local/tmp/dir/sub", { parents: true });
    sh.state.fs.write("/data/local/tmp/dir/sub/x", Buffer.from("x"));
    sh.state.fs.write("/data/local/tmp/a.apk", Buffer.from("apk"));
    sh.state.fs.write("/data/local/tmp/b", Buffer.from("b"));
    return sh;
  };

  it("removes files, quoted as adbkit sends them, so ls no longer finds them", async () => {
    const sh = withFiles();
    expect(await sh.run("'rm' '-f' '/data/local/tmp/a.apk'")).toMatchObject({ code: 0, stdout: "", stderr: "" });
    expect(await sh.run("rm /data/local/tmp/b; ls /data/local/tmp")).toMatchObject({ code: 0, stdout: "dir\n" });
  });

  it("-f is silent about a missing file; without it each failure is reported, the rest still removed", async () => {
    const sh = withFiles();
    expect(await sh.run("rm -f /data/local/tmp/none")).toMatchObject({ code: 0, stderr: "" });
    expect(await sh.run("rm /data/local/tmp/none /data/local/tmp/b")).toMatchObject({
      code: 1,
      stderr: "rm: /data/local/tmp/none: No such file or directory\n",
    });
    expect((await sh.run("ls /data/local/tmp")).stdout).toBe("a.apk\ndir\n");
    expect(await sh.run("rm")).toMatchObject({ code: 1, stderr: "rm: Needs 1 argument\n" });
    expect(await sh.run("rm -f")).toMatchObject({ code: 0, stderr: "" });
  });

  it("a directory needs -r (or -R), even an empty one; -rf removes a tree", async () => {
    const sh = withFiles();
    expect(await sh.run("rm /data/local/tmp/dir/sub")).toMatchObject({
      code: 1,
      stderr: "rm: /data/local/tmp/dir/sub: Is a directory\n",
    });
    expect(await sh.run("rm -rf /data/local/tmp/dir")).toMatchObject({ code: 0, stderr: "" });
    expect((await sh.run("ls /data/local/tmp")).stdout).toBe("a.apk\nb\n");
  });

  it("refuses what the shell user may not remove, as the device's file system does", async () => {
    const sh = withFiles();
    expect(await sh.run("rm -rf /data/local/tmp")).toMatchObject({
      code: 1,
      stderr: "rm: /data/local/tmp: Permission denied\n",
    });
    expect((await sh.run("ls /data/local/tmp")).stdout).toBe("a.apk\nb\ndir\n");
  });
});
