import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VirtualDeviceRecord } from "../../../plugins/virtual/registry.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { execution } from "../execution/support.ts";
import { isRunning } from "./processes.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-e2e-human-");
const RECORDINGS = "/sdcard/Android/data/com.clawperator.operator/files/recordings";
let record: VirtualDeviceRecord;

type Event = Record<string, unknown> & { type: string; seq: number };

const human = (...args: string[]) => session.json<Record<string, unknown>>(["virtual", ...args]);
const operator = (action: Record<string, unknown>) =>
  session.json<ExecutionOutput>([
    "execute",
    "--execution",
    JSON.stringify(execution([{ id: "a", ...action }])),
    "--device-id",
    record.serial,
  ]);

/** Records what `act` does, pulls the file with the real adb and returns its lines. */
async function recorded(sessionId: string, act: () => Promise<void>): Promise<{ header: Event; events: Event[] }> {
  expect((await operator({ type: "start_recording", params: { sessionId } })).exitCode).toBe(0);
  await act();
  expect((await operator({ type: "stop_recording" })).exitCode).toBe(0);
  const dir = await makeDir();
  const pulled = await session.harness.adb(["-s", record.serial, "pull", `${RECORDINGS}/${sessionId}.ndjson`, dir]);
  expect(pulled.exitCode).toBe(0);
  const lines = (await readFile(join(dir, `${sessionId}.ndjson`), "utf8")).trimEnd().split("\n");
  const [header, ...events] = lines.map((line) => JSON.parse(line) as Event);
  return { header: header!, events };
}

beforeAll(async () => {
  const started = await session.json<VirtualDeviceRecord>(["virtual", "start", "--detach"]);
  expect(started.exitCode).toBe(0);
  record = started.body;
});

afterAll(async () => {
  await session.cli(["virtual", "stop", "--all"]);
  if (record && isRunning(record.pid)) process.kill(record.pid, "SIGKILL");
});

describe("clawperator virtual touch | type | back | scroll: a person's input, recorded as the APK records it", () => {
  it("a flow through two apps gives click, window_change, text_change, press_key and scroll lines with the APK's keys", async () => {
    const { header, events } = await recorded("flow", async () => {
      expect((await human("touch", record.serial, "--text", "Clawperator Demo")).exitCode).toBe(0);
      const typed = await human("type", record.serial, "San", "--into", "Search cities");
      expect(typed).toMatchObject({ exitCode: 0, body: { ok: true, action: "type", typed: "San" } });
      expect((await human("back", record.serial)).exitCode).toBe(0);
      expect((await human("touch", record.serial, "--text", "Settings")).exitCode).toBe(0);
      for (const direction of ["down", "up"]) {
        const scrolled = await human("scroll", record.serial, "--direction", direction);
        expect(scrolled).toMatchObject({ exitCode: 0, body: { action: "scroll", scrolled: true } });
      }
      expect((await human("touch", "--device-id", record.serial, "--text", "Display")).exitCode).toBe(0);
    });
    expect(header).toMatchObject({ type: "recording_header", schemaVersion: 1, sessionId: "flow" });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    const keys: Record<string, string[]> = {
      window_change: ["ts", "seq", "snapshot", "packageName", "className", "title", "type"],
      click: ["ts", "seq", "snapshot", "packageName", "resourceId", "text", "contentDesc", "bounds", "type"],
      scroll: [
        "ts",
        "seq",
        "snapshot",
        "packageName",
        "resourceId",
        "scrollX",
        "scrollY",
        "maxScrollX",
        "maxScrollY",
        "type",
      ],
      text_change: ["ts", "seq", "snapshot", "packageName", "resourceId", "text", "type"],
      press_key: ["ts", "seq", "snapshot", "key", "type"],
    };
    for (const event of events) expect(Object.keys(event)).toEqual(keys[event.type]);

    const summary = events.map((e) =>
      e.type === "click"
        ? `click ${e.packageName} ${e.text}`
        : e.type === "window_change"
          ? `window ${e.packageName}`
          : e.type === "text_change"
            ? `text ${e.text}`
            : e.type,
    );
    // The field takes the touch (a click) before its keys; each keystroke is the whole field's text.
    expect(summary).toEqual(
      expect.arrayContaining(["click com.android.launcher3 Clawperator Demo", "window com.clawperator.demo"]),
    );
    const order = (entry: string) => summary.indexOf(entry);
    expect(order("text S")).toBeGreaterThan(order("window com.clawperator.demo"));
    expect(summary.slice(order("text S"), order("text S") + 3)).toEqual(["text S", "text Sa", "text San"]);
    expect(order("press_key")).toBeGreaterThan(order("text San"));
    expect(order("window com.android.settings")).toBeGreaterThan(order("press_key"));
    expect(order("scroll")).toBeGreaterThan(order("window com.android.settings"));
    expect(summary.filter((entry) => entry === "scroll")).toHaveLength(2);
    expect(order("click com.android.settings Display")).toBeGreaterThan(order("scroll"));

    const display = events.find((e) => e.type === "click" && e.text === "Display")!;
    expect(display.snapshot).toMatch(/^<\?xml[^\n]*\n<hierarchy rotation="0">/);
    expect(display.bounds).toEqual({
      left: expect.any(Number),
      top: expect.any(Number),
      right: expect.any(Number),
      bottom: expect.any(Number),
    });
    for (const e of events.filter((e) => e.type === "scroll" || e.type === "text_change"))
      expect(e.snapshot).toBeNull();
    expect(events.find((e) => e.type === "press_key")).toMatchObject({
      key: "back",
      snapshot: expect.stringContaining("<hierarchy"),
    });
  });

  it("adb shell input tap moves the screen but records no click, as on a phone", async () => {
    // From the Display screen back to the launcher.
    await human("back", record.serial);
    await human("back", record.serial);
    const { events } = await recorded("injected", async () => {
      const home = await human("touch", record.serial, "--text", "Settings");
      // A small answer: the bounds as a dump writes them.
      const bounds = (home.body.touched as { bounds: string }).bounds;
      const [left, top, right, bottom] = bounds.match(/-?\d+/g)!.map(Number) as [number, number, number, number];
      await human("back", record.serial);
      const x = Math.round((left + right) / 2);
      const y = Math.round((top + bottom) / 2);
      expect((await session.harness.adb(["-s", record.serial, "shell", `input tap ${x} ${y}`])).exitCode).toBe(0);
    });
    const clicks = events.filter((e) => e.type === "click");
    expect(clicks).toHaveLength(1);
    expect(events.filter((e) => e.type === "window_change" && e.packageName === "com.android.settings")).toHaveLength(
      2,
    );
  });

  it("what the screen does not show, two places at once and an unknown device are refused with their codes", async () => {
    const missing = await session.json<ErrorOutput>(["virtual", "touch", record.serial, "--text", "No such row"]);
    expect(missing.exitCode).not.toBe(0);
    expect(missing.body).toMatchObject({ code: "NODE_NOT_FOUND", details: { labels: expect.any(Array) } });
    const two = await session.json<ErrorOutput>(["virtual", "touch", record.serial, "--text", "A", "--id", "b"]);
    expect(two).toMatchObject({ exitCode: expect.not.stringMatching(/^0$/), body: { code: "USAGE" } });
    const bad = await session.json<ErrorOutput>(["virtual", "touch", record.serial, "--at", "1;2"]);
    expect(bad.body).toMatchObject({ code: "USAGE" });
    const nowhere = await session.json<ErrorOutput>(["virtual", "back", "127.0.0.1:1"]);
    expect(nowhere.exitCode).not.toBe(0);
    expect(nowhere.body).toMatchObject({ code: "DEVICE_NOT_FOUND" });
  });
});
