import { describe, expect, it, vi } from "vitest";
import { parseLogLine } from "../../../../../android/operator/logcat-line.ts";
import { ShellHarness } from "../shell-harness.ts";

/** A harness whose log holds three entries, one second apart, starting at 11-22 21:47:31.250. */
function withLog(): ShellHarness {
  const sh = new ShellHarness();
  sh.state.log.write("I", "ActivityManager", "Start proc", 587, 601);
  sh.clock.time += 1000;
  sh.state.log.write("D", "Operator", '[Clawperator-Result] {"a":1}', 3021, 3030);
  sh.clock.time += 1000;
  sh.state.log.write("W", "LongTagName", "careful", 42);
  return sh;
}

describe("logcat -d formats", () => {
  it("threadtime is the default", async () => {
    expect((await withLog().run("logcat -d")).stdout).toBe(
      "--------- beginning of main\n" +
        "11-22 21:47:31.250   587   601 I ActivityManager: Start proc\n" +
        '11-22 21:47:32.250  3021  3030 D Operator: [Clawperator-Result] {"a":1}\n' +
        "11-22 21:47:33.250    42    42 W LongTagName: careful\n",
    );
  });

  it("time, brief, tag, process and raw", async () => {
    const sh = withLog();
    expect((await sh.run("logcat -d -v time -s Operator")).stdout).toBe(
      '--------- beginning of main\n11-22 21:47:32.250 D/Operator( 3021): [Clawperator-Result] {"a":1}\n',
    );
    expect((await sh.run("logcat -d -v brief -s Operator")).stdout).toBe(
      '--------- beginning of main\nD/Operator( 3021): [Clawperator-Result] {"a":1}\n',
    );
    expect((await sh.run("logcat -d -v tag LongTagName:W *:S")).stdout).toBe(
      "--------- beginning of main\nW/LongTagName: careful\n",
    );
    expect((await sh.run("logcat -d -v process -s LongTagName")).stdout).toBe(
      "--------- beginning of main\nW(   42) careful  (LongTagName)\n",
    );
    expect((await sh.run("logcat -d -v raw -s LongTagName")).stdout).toBe("--------- beginning of main\ncareful\n");
  });

  it("pads short tags as logcat does, and Clawperator's parser reads every format back", async () => {
    const sh = new ShellHarness();
    sh.state.log.write("I", "Op", "msg here", 77);
    for (const format of ["time", "brief", "threadtime", "tag"]) {
      const line = (await sh.run(`logcat -d -v ${format}`)).stdout.split("\n")[1]!;
      const parsed = parseLogLine(line);
      // `-v tag` pads the tag before the colon; the parser keeps that padding.
      expect({ ...parsed, tag: parsed?.tag.trimEnd() }).toMatchObject({
        priority: "I",
        tag: "Op",
        message: "msg here",
      });
    }
    expect((await sh.run("logcat -d -v time")).stdout).toContain(" I/Op      (   77): msg here\n");
  });

  it("filters by priority and tag, -s, and ANDROID_LOG_TAGS when no filterspec is given", async () => {
    const sh = withLog();
    const tags = async (line: string) =>
      (await sh.run(line)).stdout
        .split("\n")
        .slice(1)
        .filter(Boolean)
        .map((l) => parseLogLine(l)?.tag);
    expect(await tags("logcat -d *:I")).toEqual(["ActivityManager", "LongTagName"]);
    expect(await tags("logcat -d *:W")).toEqual(["LongTagName"]);
    expect(await tags("logcat -d -s ActivityManager Operator:D")).toEqual(["ActivityManager", "Operator"]);
    expect(await tags(`export ANDROID_LOG_TAGS='*:S Operator:V'; logcat -d`)).toEqual(["Operator"]);
    expect(await tags(`export ANDROID_LOG_TAGS="''"; exec logcat '-d'`)).toEqual([
      "ActivityManager",
      "Operator",
      "LongTagName",
    ]);
    // Filterspecs on the command line replace ANDROID_LOG_TAGS entirely.
    expect(await tags(`ANDROID_LOG_TAGS='*:S' logcat -d LongTagName`)).toEqual([
      "ActivityManager",
      "Operator",
      "LongTagName",
    ]);
    expect(await tags(`ANDROID_LOG_TAGS='*:S LongTagName' logcat -d`)).toEqual(["LongTagName"]);
  });

  it("prints nothing, not even the header, when nothing matches", async () => {
    expect(await withLog().run("logcat -d -s Nobody")).toMatchObject({ code: 0, stdout: "" });
  });

  it("rejects bad options", async () => {
    const sh = withLog();
    expect(await sh.run("logcat -d -v fancy")).toMatchObject({
      code: 1,
      stderr: 'logcat: Invalid parameter "fancy" to -v.\n',
    });
    expect(await sh.run("logcat -d Tag:Q")).toMatchObject({
      code: 1,
      stderr: "logcat: Invalid filter expression 'Tag:Q'\n",
    });
    expect(await sh.run("logcat -T 'yesterday'")).toMatchObject({ code: 1 });
  });
});

describe("logcat -c, -t, -T", () => {
  it("-c clears the buffer", async () => {
    const sh = withLog();
    expect(await sh.run("logcat -c")).toMatchObject({ code: 0, stdout: "" });
    expect((await sh.run("logcat -d")).stdout).toBe("");
  });

  it("-t N prints the last N lines and exits; -t <time> those since then", async () => {
    const sh = withLog();
    expect((await sh.run("logcat -v tag -t 2")).stdout).toBe(
      '--------- beginning of main\nD/Operator: [Clawperator-Result] {"a":1}\nW/LongTagName: careful\n',
    );
    expect((await sh.run("logcat -v tag -t '11-22 21:47:33.000'")).stdout).toBe(
      "--------- beginning of main\nW/LongTagName: careful\n",
    );
  });

  it("-T <MM-DD time> reads from that time in the current year and keeps streaming", async () => {
    const sh = withLog();
    const controller = new AbortController();
    const out: string[] = [];
    const running = sh.shell.run("logcat -v time -T '11-22 21:47:32.250'", {
      stdin: process.stdin,
      stdout: (data) => out.push(String(data)),
      stderr: () => {},
      signal: controller.signal,
    });
    expect(out.join("")).toBe(
      '--------- beginning of main\n11-22 21:47:32.250 D/Operator( 3021): [Clawperator-Result] {"a":1}\n' +
        "11-22 21:47:33.250 W/LongTagName(   42): careful\n",
    );
    sh.state.log.write("I", "Late", "arrives later", 9);
    expect(out.at(-1)).toBe("11-22 21:47:33.250 I/Late    (    9): arrives later\n");
    controller.abort();
    expect(await running).toBe(0);
  });

  it("-T <year-less time> in another year matches nothing from this year", async () => {
    const sh = withLog();
    sh.clock.time = Date.UTC(2027, 0, 1);
    const controller = new AbortController();
    controller.abort();
    const result = await sh.run("logcat -v time -T '11-22 21:47:31.000'", { signal: controller.signal });
    expect(result.stdout).toBe("");
  });

  it("-T N shows the last N lines then streams; abort unsubscribes from the log", async () => {
    const sh = withLog();
    const subscribe = vi.spyOn(sh.state.log, "subscribe");
    let active = 0;
    subscribe.mockImplementation(function (this: unknown, listener) {
      active++;
      const unsubscribe = Object.getPrototypeOf(sh.state.log).subscribe.call(sh.state.log, listener) as () => void;
      return () => {
        active--;
        unsubscribe();
      };
    });
    const controller = new AbortController();
    const out: string[] = [];
    const running = sh.shell.run("logcat -v tag -T 1", {
      stdin: process.stdin,
      stdout: (d) => out.push(String(d)),
      stderr: () => {},
      signal: controller.signal,
    });
    expect(out.join("")).toBe("--------- beginning of main\nW/LongTagName: careful\n");
    expect(active).toBe(1);
    controller.abort();
    expect(await running).toBe(0);
    expect(active).toBe(0);
    sh.state.log.write("I", "After", "not printed");
    expect(out.join("")).not.toContain("not printed");
  });

  it("streams a live entry that arrives in the same tick as the stream starts", async () => {
    const sh = new ShellHarness();
    const controller = new AbortController();
    const lines: string[] = [];
    const running = sh.shell.run("logcat -v time -T 1", {
      stdin: process.stdin,
      stdout: (d) => lines.push(String(d)),
      stderr: () => {},
      signal: controller.signal,
    });
    sh.state.log.write("I", "Clawperator", "[Clawperator-Result] {}", 5);
    expect(lines.join("")).toBe(
      "--------- beginning of main\n11-22 21:47:31.250 I/Clawperator(    5): [Clawperator-Result] {}\n",
    );
    controller.abort();
    await running;
  });

  it("-m stops after that many lines", async () => {
    const sh = withLog();
    expect(await sh.run("logcat -v tag -m 1")).toMatchObject({
      code: 0,
      stdout: "--------- beginning of main\nI/ActivityManager: Start proc\n",
    });
  });
});
