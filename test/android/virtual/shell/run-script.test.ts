import { describe, expect, it } from "vitest";
import { ShellHarness } from "./shell-harness.ts";

describe("device shell: lists, status and variables", () => {
  it("runs ; lists and && / || chains on exit codes, with $?", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("echo a; false; echo $?")).toMatchObject({ code: 0, stdout: "a\n1\n" });
    expect(await sh.run("false && echo no || echo yes")).toMatchObject({ code: 0, stdout: "yes\n" });
    expect(await sh.run("true && echo one && false")).toMatchObject({ code: 1, stdout: "one\n" });
    expect(await sh.run("true || echo skipped")).toMatchObject({ code: 0, stdout: "" });
  });

  it("exit ends the script with its code; exec ends it with the command's", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("echo a; exit 3; echo b")).toMatchObject({ code: 3, stdout: "a\n" });
    expect(await sh.run("false; exit")).toMatchObject({ code: 1 });
    expect(await sh.run("exec echo x; echo never")).toMatchObject({ code: 0, stdout: "x\n" });
    expect(await sh.run("exec false; echo never")).toMatchObject({ code: 1, stdout: "" });
  });

  it("export and NAME=value set variables; a prefix applies to one command only", async () => {
    const sh = new ShellHarness();
    expect((await sh.run(`export GREETING="hi there"; echo "$GREETING" \${GREETING}!`)).stdout).toBe(
      "hi there hi there!\n",
    );
    expect((await sh.run("X=1; echo $X")).stdout).toBe("1\n");
    expect((await sh.run("echo $X")).stdout).toBe("\n");
    expect((await sh.run("HOME=/x echo $HOME; echo $HOME")).stdout).toBe("/\n/\n");
  });

  it("unknown commands exit 127 with mksh's message; later commands still run", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("frobnicate --now")).toEqual(
      expect.objectContaining({
        code: 127,
        stdout: "",
        stderr: "/system/bin/sh: frobnicate: inaccessible or not found\n",
      }),
    );
    expect(await sh.run("nope; echo after")).toMatchObject({ code: 0, stdout: "after\n" });
  });

  it("a syntax error runs nothing and exits 2", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("echo start; echo 'oops")).toEqual(
      expect.objectContaining({ code: 2, stdout: "", stderr: "/system/bin/sh: syntax error: unterminated quote\n" }),
    );
  });

  it("resolves /system/bin paths and runs sh -c in a child shell", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("/system/bin/echo ok")).stdout).toBe("ok\n");
    expect(await sh.run(`sh -c 'echo inner; exit 4'; echo $?`)).toMatchObject({ code: 0, stdout: "inner\n4\n" });
  });
});

describe("device shell: redirections", () => {
  it("discards to /dev/null and merges stderr with 2>&1", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("echo hidden >/dev/null")).toMatchObject({ code: 0, stdout: "" });
    expect(await sh.run("cat /missing 2>/dev/null")).toMatchObject({ code: 1, stderr: "" });
    expect(await sh.run("cat /missing 2>&1")).toMatchObject({
      stdout: "cat: /missing: No such file or directory\n",
      stderr: "",
    });
    expect(await sh.run("cat /missing 2>&1 >/dev/null")).toMatchObject({
      stdout: "cat: /missing: No such file or directory\n",
    });
    expect(await sh.run("cat /missing >/dev/null 2>&1")).toMatchObject({ stdout: "", stderr: "" });
  });

  it("writes and appends files in the virtual FS and reads them back", async () => {
    const sh = new ShellHarness();
    await sh.run("echo one > /sdcard/notes.txt; echo two >> /sdcard/notes.txt");
    expect((await sh.run("cat /storage/emulated/0/notes.txt")).stdout).toBe("one\ntwo\n");
    await sh.run("echo fresh > /sdcard/notes.txt");
    expect(sh.state.fs.read("/sdcard/notes.txt")?.toString()).toBe("fresh\n");
    expect((await sh.run("cat < /sdcard/notes.txt")).stdout).toBe("fresh\n");
    expect((await sh.run("cat < /dev/null")).stdout).toBe("");
  });

  it("reports files it cannot create or open, without running the command", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("echo x > /system/x.txt")).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "/system/bin/sh: can't create /system/x.txt: Read-only file system\n",
    });
    expect(await sh.run("cat < /sdcard/none")).toMatchObject({
      code: 1,
      stderr: "/system/bin/sh: can't open /sdcard/none: No such file or directory\n",
    });
  });
});
