import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ShellHarness } from "../shell-harness.ts";

describe("small commands", () => {
  it("echo, echo -n, true, false, id, whoami", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("echo a  b")).stdout).toBe("a b\n");
    expect((await sh.run("echo -n a")).stdout).toBe("a");
    expect((await sh.run("true")).code).toBe(0);
    expect((await sh.run("false")).code).toBe(1);
    expect((await sh.run("id")).stdout).toMatch(
      /^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),.* context=u:r:shell:s0\n$/,
    );
    expect((await sh.run("whoami")).stdout).toBe("shell\n");
  });

  it("log writes one record with its priority and tag (toybox log), and refuses bad usage", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("log -p w -t Skill 'step two done'")).code).toBe(0);
    expect((await sh.run("log plain words")).code).toBe(0);
    expect((await sh.run("logcat -d -v tag")).stdout).toBe(
      "--------- beginning of main\nW/Skill   : step two done\nI/log     : plain words\n",
    );
    expect(await sh.run("log -t")).toMatchObject({ code: 1, stderr: "log: Needs 1 argument for -t\n" });
    expect(await sh.run("log -p x hi")).toMatchObject({ code: 1, stderr: "log: bad -p 'x'\n" });
    expect(await sh.run("log")).toMatchObject({ code: 1, stderr: "log: Needs 1 argument\n" });
  });

  it("date prints the device clock in toybox's default format and in +FORMAT", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("date")).stdout).toBe("Sun Nov 22 21:47:31 UTC 2026\n");
    expect((await sh.run("date '+%m-%d %H:%M:%S.000'")).stdout).toBe("11-22 21:47:31.000\n");
    expect((await sh.run("date +%s.%N")).stdout).toBe(`${Math.floor(sh.clock.time / 1000)}.250000000\n`);
    expect((await sh.run("date +%Y-%y-%d-%e-%j-%%")).stdout).toBe("2026-26-22-22-326-%\n");
    sh.clock.time = Date.UTC(2026, 0, 5, 3, 4, 5);
    expect((await sh.run("date")).stdout).toBe("Mon Jan  5 03:04:05 UTC 2026\n");
    expect(await sh.run("date 010203042026")).toMatchObject({ code: 1, stderr: "date: bad date '010203042026'\n" });
  });

  it("cat prints files in order and reports missing ones with exit 1", async () => {
    const sh = new ShellHarness();
    sh.state.fs.write("/data/local/tmp/a", Buffer.from("A\n"));
    expect(await sh.run("cat /data/local/tmp/a /nope /data/local/tmp/a")).toEqual(
      expect.objectContaining({ code: 1, stdout: "A\nA\n", stderr: "cat: /nope: No such file or directory\n" }),
    );
    expect(await sh.run("cat /sdcard")).toMatchObject({ code: 1, stderr: "cat: /sdcard: Is a directory\n" });
  });

  it("cat with no file copies stdin", async () => {
    const sh = new ShellHarness();
    const stdin = new PassThrough();
    stdin.end("piped bytes");
    expect((await sh.run("cat", { stdin })).stdout).toBe("piped bytes");
  });

  it("sleep waits, and stops when the session is aborted", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("sleep 0.01")).code).toBe(0);
    const controller = new AbortController();
    const running = sh.run("sleep 60; echo after", { signal: controller.signal });
    controller.abort();
    expect(await running).toMatchObject({ code: 130, stdout: "" });
    expect(await sh.run("sleep x")).toMatchObject({ code: 1, stderr: "sleep: invalid number 'x'\n" });
  });
});
