import { describe, expect, it } from "vitest";
import type { RunExecutionResult } from "../../../../core/execution/runner.ts";
import { settle, type Capture } from "../../../../plugins/operator/views/settle.ts";

const screen = (text: string, cls = "android.widget.TextView") =>
  `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="${text}" resource-id="" ` +
  `class="${cls}" package="a.b" content-desc="" bounds="[0,0][100,100]"/></hierarchy>`;

const capture = (steps: Record<string, string>, n = 0): Capture => ({
  result: {
    envelope: {
      stepResults: Object.entries(steps).map(([id, text]) => ({
        id,
        actionType: "snapshot_ui",
        success: true,
        data: { text },
      })),
    },
  } as unknown as RunExecutionResult,
  commandId: `c${n}`,
  stepId: Object.keys(steps)[0]!,
});

/** A clock that moves on by `stepMs` each time it is read, and the captures it hands out in turn. */
function device(texts: string[], stepMs: number) {
  let t = 0;
  let i = 0;
  const again = async () => capture({ view: texts[Math.min(i++, texts.length - 1)]! }, i);
  return { now: () => (t += stepMs), again, taken: () => i };
}

describe("settling before a view", () => {
  it("costs nothing more when the execution's two snapshots agree (a static screen)", async () => {
    const d = device([], 10);
    const out = await settle(
      capture({ view: screen("A"), "view-settle": screen("A") }),
      "view-settle",
      d.again,
      1500,
      d.now,
    );
    expect(out).toMatchObject({ settled: true, settledMs: 0 });
    expect(d.taken()).toBe(0);
  });

  it("captures again until two in a row agree, and says how long it waited", async () => {
    const d = device([screen("3"), screen("4"), screen("4")], 100);
    const out = await settle(
      capture({ view: screen("1"), "view-settle": screen("2") }),
      "view-settle",
      d.again,
      1500,
      d.now,
    );
    expect(out.settled).toBe(true);
    expect(out.settledMs).toBeGreaterThan(0);
    expect(out.capture.hierarchy!.windows[0]!.attributes.text).toBe("4");
    expect(d.taken()).toBe(3);
  });

  it("stops at the ceiling with settled: false, the view made from the last capture", async () => {
    const frames = Array.from({ length: 100 }, (_, n) => screen(String(n + 10)));
    const d = device(frames, 200);
    const out = await settle(
      capture({ view: screen("1"), "view-settle": screen("2") }),
      "view-settle",
      d.again,
      1000,
      d.now,
    );
    expect(out.settled).toBe(false);
    expect(out.settledMs).toBeGreaterThanOrEqual(1000);
    expect(d.taken()).toBeLessThan(10);
  });

  it("does not wait for a clock or a spinner: they move whatever the app does", async () => {
    const d = device([], 10);
    const first = capture({ view: screen("9:41"), "view-settle": screen("9:42") });
    expect(await settle(first, "view-settle", d.again, 1500, d.now)).toMatchObject({ settled: true, settledMs: 0 });
    const spin = capture({
      view: screen("10%", "android.widget.ProgressBar"),
      "view-settle": screen("11%", "android.widget.ProgressBar"),
    });
    expect(await settle(spin, "view-settle", d.again, 1500, d.now)).toMatchObject({ settled: true, settledMs: 0 });
  });
});
