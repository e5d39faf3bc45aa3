import { stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { defaultScenario } from "../../../android/virtual/scenario/builtin/default.ts";
import type { ViewedResult } from "../../../core/services/agent-views.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const TWINS = "com.example.twins";
const node = (attrs: string) =>
  `<node index="0" text="" resource-id="" class="android.widget.Button" package="${TWINS}" content-desc="" ` +
  `clickable="true" enabled="true" focusable="true" ${attrs}/>`;
/** Two identical unlabeled buttons: nothing tells them apart but where they are. */
const TWIN_SCREEN =
  `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" ` +
  `class="android.widget.FrameLayout" package="${TWINS}" content-desc="" bounds="[0,0][1080,2400]">` +
  `${node('bounds="[0,200][540,400]"')}${node('bounds="[540,200][1080,400]"')}</node></hierarchy>`;

const LOADING = "com.example.loading";
const LOADING_SCREEN =
  `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" ` +
  `class="android.widget.FrameLayout" package="${LOADING}" content-desc="" bounds="[0,0][1080,2400]">` +
  `<node index="0" text="Load" resource-id="" class="android.widget.Button" package="${LOADING}" content-desc="" ` +
  `clickable="true" enabled="true" bounds="[0,200][1080,400]"/></node></hierarchy>`;

const session = virtualSession();
const dirs = tempDirs();
let device: RunningVirtualDevice;

beforeAll(async () => {
  const scenario = defaultScenario() as unknown as {
    apps: Array<Record<string, unknown>>;
    screens: Record<string, unknown>;
  };
  scenario.apps.push({ package: TWINS, label: "Twins", launchScreen: "twins" });
  scenario.apps.push({ package: LOADING, label: "Loading", launchScreen: "loading" });
  scenario.screens.loading = {
    hierarchy_xml: LOADING_SCREEN,
    transitions: [{ click: { textEquals: "Load" }, to: "counting" }],
  };
  // A page whose counter ticks up for 1.2 s after it comes to the top, then stays: a screen that takes time to settle.
  scenario.screens.counting = {
    hierarchy_xml: LOADING_SCREEN.replace('text="Load" resource-id=""', `text="0" resource-id="${LOADING}:id/count"`),
    values: [
      { node: { resourceId: `${LOADING}:id/count` }, count: { from: 0, to: 1_000_000, overMs: 1200 }, decimals: 0 },
    ],
  };
  scenario.screens.twins = { hierarchy_xml: TWIN_SCREEN, transitions: [{ click: { role: "button" }, to: "done" }] };
  scenario.screens.done = {
    hierarchy_xml: TWIN_SCREEN.replace(
      /<node index="0" text="" resource-id="" class="android.widget.Button".*?\/>/g,
      "",
    ).replace(
      "</node></hierarchy>",
      `<node text="Done" class="android.widget.TextView" package="${TWINS}" bounds="[0,0][540,100]"/></node></hierarchy>`,
    ),
  };
  const dir = await dirs({ "twins.json": JSON.stringify(scenario) });
  device = await session.startDevice({ scenario: join(dir, "twins.json") });
});

const view = async (args: string[] = []) => {
  const { exitCode, body } = await session.json<ViewedResult>([
    "observe",
    "view",
    "--device-id",
    device.serial,
    ...args,
  ]);
  expect(exitCode).toBe(0);
  return body.view!;
};
const refOn = (outline: string, pattern: RegExp) => {
  const line = outline.split("\n").find((l) => pattern.test(l) && /\[ref=e\d+\]/.test(l));
  expect(line, `${pattern} in\n${outline}`).toBeDefined();
  return /\[ref=(e\d+)\]/.exec(line!)![1]!;
};
/** Starts `app` afresh on its first screen. */
async function open(app: string) {
  expect((await session.cli(["action", "close-app", "--app", app, "--device-id", device.serial])).exitCode).toBe(0);
  expect((await session.cli(["action", "open-app", "--app", app, "--device-id", device.serial])).exitCode).toBe(0);
}

describe("the agent view through the CLI and the virtual device", () => {
  it("observe view prints the outline and refs, not the XML, and keeps the view privately for the next command", async () => {
    await open("com.android.settings");
    const { exitCode, stdout } = await session.cli(["observe", "view", "--device-id", device.serial]);
    expect(exitCode).toBe(0);
    const body = JSON.parse(stdout) as ViewedResult;
    expect(body.view).toMatchObject({ package: "com.android.settings", id: expect.stringMatching(/^v\d+$/) });
    expect(body.view!.outline).toMatch(/"Display".*\[ref=e\d+\]/);
    expect(JSON.stringify(body.envelope)).not.toContain("<hierarchy");
    expect(stdout.length).toBeLessThan(20_000);
    const file = join(session.harness.home, ".clawperator", "views", `${encodeURIComponent(device.serial)}.json`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const pretty = await session.cli(["observe", "view", "--device-id", device.serial, "--output", "pretty"]);
    expect(pretty.stdout).toMatch(/^view v\d+ com\.android\.settings$/m);
    expect(pretty.stdout).toMatch(/"Display".*\[ref=e\d+\]/);
  });

  it("click --ref --view clicks the row by its matcher and returns the next screen's view from the same execution", async () => {
    await open("com.android.settings");
    const ref = refOn((await view()).outline, /"Display"/);
    const { exitCode, body } = await session.json<ViewedResult>([
      ...["action", "click", "--ref", ref, "--view", "--device-id", device.serial],
    ]);
    expect(exitCode).toBe(0);
    // The row has no label of its own: its title's matcher, whose click the APK hands to the row.
    expect(body.refs).toEqual([
      expect.objectContaining({ ref, used: "clickMatcher", matcher: { textEquals: "Display" } }),
    ]);
    expect(body.envelope.stepResults.map((s) => s.actionType)).toEqual(["click", "snapshot_ui"]);
    expect(body.view!.outline).toContain("Brightness level");
    // The host waited for the screen itself, and says so; the APK's advice to add a sleep is not passed on.
    expect(body.view!.settled).toBe(true);
    expect(body.view!.settledMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(body)).not.toMatch(/preceding sleep|adding a sleep/);
    // The view it returned is the device's latest: its refs act without another look, and the rows that are
    // still there after going back keep theirs.
    const back = await session.json<ViewedResult>(["action", "back", "--view=full", "--device-id", device.serial]);
    expect(refOn(back.body.view!.outline, /"Display"/)).toBe(ref);
  });

  it("answers an action with what changed: a same-screen toggle is one changed line, the rest <unchanged N>", async () => {
    await open("com.android.settings");
    const full = await view();
    const wifi = refOn(full.outline, /"Network & internet"/);
    const { body } = await session.json<ViewedResult>([
      ...["action", "click", "--ref", wifi, "--view", "--device-id", device.serial],
    ]);
    const network = body.view!;
    const toggle = refOn(network.outline, /switch/);
    const inc = await session.json<ViewedResult>([
      ...["action", "click", "--ref", toggle, "--view", "--device-id", device.serial],
    ]);
    expect(inc.exitCode).toBe(0);
    const changed = inc.body.view!;
    expect(changed).toMatchObject({ mode: "incremental", since: network.id });
    expect(changed.outline).toMatch(/<unchanged \d+>/);
    expect(changed.outline).toContain(`[ref=${toggle}]`);
    expect(changed.outline.length).toBeLessThan(network.outline.length / 2);
    // A ref the incremental view does not show still resolves, as in the full view.
    const other = Object.keys(network.refs).find((r) => r !== toggle && !changed.outline.includes(`[ref=${r}]`))!;
    const again = await session.json<ViewedResult>([
      ...["action", "click", "--ref", other, "--view=none", "--device-id", device.serial],
    ]);
    expect(again.exitCode, JSON.stringify(again.body)).toBe(0);
    expect(again.body.view).toBeUndefined();
  });

  it("waits for a screen that animates to settle before the view, and says how long; past the ceiling, says so", async () => {
    await open(LOADING);
    const { body } = await session.json<ViewedResult>([
      ...["action", "click", "--ref", refOn((await view()).outline, /"Load"/), "--view", "--device-id", device.serial],
    ]);
    expect(body.view, JSON.stringify(body.view)).toMatchObject({ settled: true });
    expect(body.view!.settledMs, JSON.stringify(body.envelope)).toBeGreaterThan(0);
    expect(body.view!.outline).toContain('"1000000"');

    const dir = await dirs({ "clawperator.config.json": JSON.stringify({ views: { settleCeilingMs: 50 } }) });
    await open(LOADING);
    const ref = refOn((await view()).outline, /"Load"/);
    const hurried = await session.json<ViewedResult>(
      ["action", "click", "--ref", ref, "--view", "--device-id", device.serial],
      { cwd: dir },
    );
    expect(hurried.body.view, JSON.stringify(hurried.body.view)).toMatchObject({ settled: false });
    expect(hurried.body.view!.outline).not.toContain('"1000000"');
  });

  it("costs one capture more on a static screen: the execution's two snapshots agree", async () => {
    await open("com.android.settings");
    const { body } = await session.json<ViewedResult>([
      ...[
        "action",
        "click",
        "--ref",
        refOn((await view()).outline, /"Display"/),
        "--view",
        "--device-id",
        device.serial,
      ],
    ]);
    expect(body.view).toMatchObject({ settled: true });
    expect(body.view!.settledMs ?? 0).toBe(0);
  });

  it("refuses a ref from before the last action with REF_STALE, and one the view lacks with REF_NOT_FOUND", async () => {
    await open("com.android.settings");
    const ref = refOn((await view()).outline, /"Display"/);
    expect((await session.cli(["action", "back", "--device-id", device.serial])).exitCode).toBe(0);
    const stale = await session.json<{ code: string }>(["action", "click", "--ref", ref, "--device-id", device.serial]);
    expect(stale.exitCode).not.toBe(0);
    expect(stale.body).toMatchObject({ code: "REF_STALE" });

    await view();
    const missing = await session.json(["action", "click", "--ref", "e999", "--device-id", device.serial]);
    expect(missing.exitCode).not.toBe(0);
    expect(missing.body).toMatchObject({ code: "REF_NOT_FOUND" });
  });

  it("clicks one of two identical unlabeled buttons at its centre, and says so", async () => {
    await open(TWINS);
    const outline = (await view()).outline;
    const buttons = outline.split("\n").filter((l) => /^button \[ref=e\d+\]$/.test(l.trim()));
    expect(buttons).toHaveLength(2);
    const second = /\[ref=(e\d+)\]/.exec(buttons[1]!)![1]!;
    const { exitCode, body } = await session.json<ViewedResult>([
      ...["action", "click", "--ref", second, "--view", "--device-id", device.serial],
    ]);
    expect(exitCode).toBe(0);
    expect(body.refs).toEqual([
      expect.objectContaining({ ref: second, used: "coordinate", coordinate: { x: 810, y: 300 } }),
    ]);
    expect(body.view!.outline).toContain('"Done"');
  });
});
