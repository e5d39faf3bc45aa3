import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

/** `adb shell <line>`: adb sends the line as is, so the device's sh does all the parsing. */
async function sh(line: string) {
  const result = await session.harness.adb(["-s", device.serial, "shell", line]);
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

beforeAll(async () => {
  device = await session.startDevice();
});

describe("device sh: quoting", () => {
  it.each([
    ["single quotes keep spaces and specials", `echo 'a  b;c && d | e $HOME'`, "a  b;c && d | e $HOME"],
    ["double quotes keep spaces", `echo "x   y"`, "x   y"],
    ["backslash escapes a space and a quote", `echo a\\ \\ b \\'q\\"`, `a  b 'q"`],
    ["a quote inside single quotes written as '\"'\"'", `echo 'it'"'"'s'`, "it's"],
    ["adjacent quoted parts form one word", `echo 'one'"two"three`, "onetwothree"],
    ["$() and backticks inside single quotes stay literal", "echo '$(id) `id`'", "$(id) `id`"],
    ["unquoted words are split on runs of blanks", "echo   a    b", "a b"],
    ["an empty quoted word is kept", `echo a '' b`, "a  b"],
    ["emoji and non-ASCII pass through", `echo '😀 ünïcödé 恒生'`, "😀 ünïcödé 恒生"],
  ])("%s", async (_, line, expected) => {
    const result = await sh(line);
    expect(result).toEqual({ exitCode: 0, stdout: expected, stderr: "" });
  });
});

describe("device sh: lists and redirection", () => {
  it("`;` runs commands in order; the exit code is the last one's", async () => {
    expect(await sh("echo one; echo two;echo three")).toEqual({ exitCode: 0, stdout: "one\ntwo\nthree", stderr: "" });
    expect((await sh("echo first; exit 5")).exitCode).toBe(5);
  });

  it("`&&` runs the next command only after a success, `||` only after a failure", async () => {
    expect(await sh("echo a && echo b")).toEqual({ exitCode: 0, stdout: "a\nb", stderr: "" });
    const failed = await sh("missing-cmd && echo never");
    expect(failed).toEqual({
      exitCode: 127,
      stdout: "",
      stderr: "/system/bin/sh: missing-cmd: inaccessible or not found",
    });
    expect(await sh("missing-cmd 2>/dev/null || echo fallback")).toMatchObject({ exitCode: 0, stdout: "fallback" });
    expect(await sh("echo ok || echo never")).toEqual({ exitCode: 0, stdout: "ok", stderr: "" });
    expect(await sh("missing-cmd 2>/dev/null || echo recovered && echo then")).toEqual({
      exitCode: 0,
      stdout: "recovered\nthen",
      stderr: "",
    });
  });

  it("`>/dev/null` discards stdout, and quoted operators are plain text", async () => {
    expect(await sh("echo hidden >/dev/null; echo shown")).toEqual({ exitCode: 0, stdout: "shown", stderr: "" });
    expect(await sh(`echo 'a; b && c || d >/dev/null'`)).toEqual({
      exitCode: 0,
      stdout: "a; b && c || d >/dev/null",
      stderr: "",
    });
  });

  it("sh -c runs its argument as a script with its own exit code", async () => {
    expect(await sh(`sh -c 'echo inner; exit 3'`)).toEqual({ exitCode: 3, stdout: "inner", stderr: "" });
    expect(await sh(`sh -c "echo 'nested quotes'"`)).toEqual({ exitCode: 0, stdout: "nested quotes", stderr: "" });
  });

  it("exit N ends the shell with N; later commands do not run", async () => {
    expect(await sh("exit 7; echo unreachable")).toEqual({ exitCode: 7, stdout: "", stderr: "" });
  });

  it("an unknown command exits 127 with mksh's message on stderr", async () => {
    expect(await sh("frobnicate --now")).toEqual({
      exitCode: 127,
      stdout: "",
      stderr: "/system/bin/sh: frobnicate: inaccessible or not found",
    });
  });
});
