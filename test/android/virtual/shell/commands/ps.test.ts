import { describe, expect, it } from "vitest";
import { ShellHarness } from "../shell-harness.ts";

const HEADER = "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME";

/** A ps row as columns: user, pid, ppid, ..., name. */
const columns = (line: string) => line.split(/\s+/);

describe("ps (toybox)", () => {
  it("without options lists the adb shell's own sh and ps under toybox's header", async () => {
    const sh = new ShellHarness();
    const { code, stdout } = await sh.run("ps 2>/dev/null");
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trimEnd().split("\n");
    expect(header).toBe(HEADER);
    expect(rows.map((row) => [columns(row)[0], columns(row).at(-2), columns(row).at(-1)])).toEqual([
      ["shell", "S", "sh"],
      ["shell", "R", "ps"],
    ]);
    const [shell, self] = rows.map(columns);
    expect(self![2]).toBe(shell![1]);
  });

  it("-A lists init, system_server and every running app under its u0_a user, with the pidof pid", async () => {
    const sh = new ShellHarness();
    sh.state.processes.pidOf("com.example.notes");
    const pid = (await sh.run("pidof com.example.notes")).stdout.trim();
    const rows = (await sh.run("ps -A")).stdout.trimEnd().split("\n").slice(1).map(columns);
    expect(rows.find((row) => row.at(-1) === "init")?.slice(0, 3)).toEqual(["root", "1", "0"]);
    expect(rows.find((row) => row.at(-1) === "system_server")?.[0]).toBe("system");
    const app = rows.find((row) => row.at(-1) === "com.example.notes");
    expect(app?.[1]).toBe(pid);
    expect(app?.[0]).toMatch(/^u0_a\d+$/);
    expect((await sh.run("ps -e")).stdout).toContain(" system_server\n");
  });

  it("refuses options whose format it does not print, with nothing on stdout", async () => {
    const sh = new ShellHarness();
    const result = await sh.run("ps -lef");
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toMatch(/^ps: -lef: /);
  });
});
