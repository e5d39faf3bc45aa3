import { describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import { ShellHarness, testScenario } from "./shell-harness.ts";

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

describe("device shell: while and until loops", () => {
  it("runs the body while the condition succeeds, until it fails; the status is the body's last", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("while false; do echo never; done; echo $?")).toMatchObject({ code: 0, stdout: "0\n" });
    expect(await sh.run("until true; do echo never; done")).toMatchObject({ code: 0, stdout: "" });
    expect(await sh.run("until getprop sys.boot_completed; do false; done")).toMatchObject({ code: 0 });
    expect(await sh.run("while echo once; do exit 4; done; echo unreached")).toMatchObject({
      code: 4,
      stdout: "once\n",
    });
  });

  it("a loop that never ends by itself stops when the adb stream closes, as the killed shell does", async () => {
    const sh = new ShellHarness();
    const closed = new AbortController();
    const seen: string[] = [];
    const running = sh.shell.run("while getprop ro.build.version.sdk 2>/dev/null; do sleep 0.01; done", {
      stdin: new PassThrough().end(),
      stdout: (data) => {
        seen.push(String(data));
        if (seen.length === 3) closed.abort();
      },
      stderr: () => {},
      signal: closed.signal,
    });
    expect(await running).toBe(130);
    expect(seen).toEqual(["34\n", "34\n", "34\n"]);
  });

  it("adbkit's boot wait prints an empty line a second until boot completes, then 1, until the stream closes", async () => {
    const sh = new ShellHarness(testScenario({ boot: { completeAfterMs: "never" } }));
    const closed = new AbortController();
    const lines: string[] = [];
    const running = sh.shell.run("while getprop sys.boot_completed 2>/dev/null; do sleep 0.01; done", {
      stdin: new PassThrough().end(),
      stdout: (data) => {
        lines.push(String(data));
        // The device finishes booting after two rounds; the client, like adbkit, hangs up once it has read 1.
        if (lines.length === 2) sh.state.properties.set("sys.boot_completed", "1");
        if (String(data) === "1\n") closed.abort();
      },
      stderr: () => {},
      signal: closed.signal,
    });
    expect(await running).toBe(130);
    expect(lines).toEqual(["\n", "\n", "1\n"]);
  });

  it("a loop whose commands never wait still lets the stream's close through", async () => {
    const sh = new ShellHarness();
    const closed = new AbortController();
    setTimeout(() => closed.abort(), 20);
    expect(await sh.run("while true; do true; done", { signal: closed.signal })).toMatchObject({ code: 130 });
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
