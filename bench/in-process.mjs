// In-process costs: no adb and no process start-up, only the code a device or a command runs. These were once
// wall-clock assertions in the test suite; they are targets, measured here (the suite asserts behaviour only).
// Run: npm run build && node bench/in-process.mjs   (prints a markdown table for bench/RESULTS.md)
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { median } from "./median.mjs";

const root = resolve(import.meta.dirname, "..");
const dist = (path) => import(join(root, "dist", path));
const { parseHierarchy, serializeHierarchy } = await dist("android/hierarchy/index.js");
const { renderScreenPng } = await dist("android/virtual/render/index.js");
const { createScenarioUi } = await dist("android/virtual/ui/index.js");
const { createVirtualOperator } = await dist("android/virtual/operator/index.js");
const { PackageRegistry } = await dist("android/virtual/device/packages.js");
const { parseScenario } = await dist("android/virtual/scenario/parse-scenario.js");
const { builtinScenario } = await dist("android/virtual/scenario/load-scenario.js");
const { createVirtualDevice } = await dist("android/virtual/index.js");
const { dispatchScript } = await dist("android/operator/dispatch-script.js");

const fixture = (name) => readFileSync(join(root, "test/fixtures/hierarchy", name), "utf8");
const JUKANDIAN = fixture("jukandian_article_webview_cjk_504nodes.xml");
const SETTINGS = fixture("settings_main_homepage.xml");

/**
 * Mean ms per call over a batch of `batch` calls, `samples` times after one warm-up batch: the median and the
 * fastest sample (others on a shared machine only ever add time, so the fastest is the code's own cost).
 */
async function msPerCall(fn, { samples = 15, batch = 10 } = {}) {
  for (let i = 0; i < batch; i++) await fn();
  const means = [];
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) await fn();
    means.push((performance.now() - start) / batch);
  }
  return { median: median(means), fastest: Math.min(...means) };
}

const rows = [];
/** One table row: the figures, the target they are held to, and whether this run's median met it. */
const row = (name, ms, target, limit) =>
  rows.push(
    `| ${name} | ${ms.median.toFixed(3)} | ${ms.fastest.toFixed(3)} | ${target} | ` +
      `${ms.median <= limit ? "met" : "**missed**"} |`,
  );

// 1. Hierarchy XML: parse and serialize (the `lines` layout snapshots print) a real 504-node dump.
row(
  "parse + serialize the 504-node dump (android/hierarchy)",
  await msPerCall(() => serializeHierarchy(parseHierarchy(JUKANDIAN), { layout: "lines" })),
  "≤ 60 ms (was ~18)",
  60,
);

// 2. Screen rendering: a 1080x2400 PNG of the Settings home page (screencap).
const settings = parseHierarchy(SETTINGS);
row(
  "render a 1080x2400 PNG of Settings (screencap)",
  await msPerCall(() => renderScreenPng(settings, { width: 1080, height: 2400 }), { samples: 9, batch: 3 }),
  "≤ 100 ms (was ~11)",
  100,
);

// 3. Scenario UI: snapshots of a 2,001-node screen, unchanged and after a live value moved.
function bigScreen() {
  const rowsXml = Array.from(
    { length: 500 },
    (_, i) =>
      `<node class="android.widget.LinearLayout" clickable="true" bounds="[0,${i * 10}][1080,${i * 10 + 10}]">` +
      `<node class="android.widget.TextView" resource-id="com.example:id/title" text="Row ${i}" bounds="[0,` +
      `${i * 10}][500,${i * 10 + 10}]" />` +
      `<node class="android.widget.TextView" text="Summary ${i}" bounds="[500,${i * 10}][1000,${i * 10 + 10}]" />` +
      `<node class="android.widget.ImageView" content-desc="icon" bounds="[1000,${i * 10}][1080,${i * 10 + 10}` +
      `]" /></node>`,
  ).join("");
  const scenario = parseScenario(
    {
      apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
      home: "main",
      screens: {
        main: {
          hierarchy_xml:
            `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" ` +
            `bounds="[0,0][1080,5000]">${rowsXml}</node></hierarchy>`,
          values: [{ node: { textEquals: "Row 7" }, linear: { start: 0, perSecond: 1 }, decimals: 0 }],
        },
      },
    },
    { origin: "bench", defaultName: "big" },
  );
  const clock = { ms: 1_700_000_000_000 };
  const packages = new PackageRegistry(() => clock.ms);
  for (const app of scenario.apps)
    packages.install({
      packageName: app.package,
      label: app.label,
      versionName: app.versionName,
      versionCode: app.versionCode,
      system: app.system,
      operator: app.operator,
      launchScreen: app.launchScreen,
      granted: app.permissions,
    });
  const ui = createScenarioUi(scenario, { packages, now: () => clock.ms, log: { write: () => {} } });
  return { ui, clock };
}
{
  const { ui } = bigScreen();
  ui.snapshot();
  row(
    "scenario UI snapshot, 2,001 nodes, nothing changed",
    await msPerCall(() => ui.snapshot(), { batch: 100 }),
    "< 1 ms",
    1,
  );
}
{
  const { ui, clock } = bigScreen();
  ui.snapshot();
  clock.ms += 1_000;
  ui.snapshot();
  row(
    "scenario UI snapshot, 2,001 nodes, after a value changed",
    await msPerCall(() => ui.snapshot(), { batch: 100 }),
    "< 1 ms",
    1,
  );
}

// 4. The virtual operator: one execution of one action on the 504-node screen, waits on a virtual clock (instant).
const jukandian = parseHierarchy(JUKANDIAN);
const staticUi = {
  snapshot: () => jukandian,
  foregroundPackage: () => "com.xiangzi.jukandian",
  performClick: () => true,
  tapAt: () => true,
  setText: () => true,
  submit: () => {},
  scroll: () => "moved",
  swipe: () => {},
  globalAction: () => true,
  keyEvent: () => true,
  typeText: () => true,
  openApp: () => true,
  openUri: () => true,
  forceStop: () => {},
};
const virtualClock = {
  time: 1_000,
  now: () => virtualClock.time,
  sleep: async (ms) => {
    virtualClock.time += ms;
  },
};
let results = [];
const operator = createVirtualOperator({
  packageName: "com.clawperator.operator",
  ui: staticUi,
  log: { write: (_priority, _tag, message) => message.startsWith("[Clawperator-Result]") && results.push(message) },
  clock: virtualClock,
  pid: 4242,
  accessibilityEnabled: () => true,
  deviceFacts: () => ({ developerOptionsEnabled: true, usbDebuggingEnabled: false }),
});
for (const [name, action] of [
  ["click near the end of the tree", { type: "click", params: { matcher: { textEquals: "139" } } }],
  ["read_text", { type: "read_text", params: { matcher: { textEquals: "139" } } }],
  [
    "wait_for_node on the last node",
    { type: "wait_for_node", params: { matcher: { resourceId: "com.xiangzi.jukandian:id/ll_share_layout" } } },
  ],
  ["scroll", { type: "scroll" }],
  ["snapshot_ui", { type: "snapshot_ui" }],
]) {
  const payload = JSON.stringify({
    commandId: "bench",
    taskId: "bench",
    source: "bench",
    expectedFormat: "android-ui-automator",
    timeoutMs: 120_000,
    actions: [{ id: "a1", ...action }],
  });
  const ms = await msPerCall(
    async () => {
      results = [];
      operator.handleCommand(payload);
      await operator.idle();
      if (!results[0]?.includes('"status":"success"')) throw new Error(`${name} did not succeed: ${results[0]}`);
    },
    { samples: 15, batch: 5 },
  );
  row(`virtual operator, ${name} (504-node screen)`, ms, "≤ 2 ms", 2);
}

// 5. The device shell: Clawperator's dispatch script (date, pm path, am broadcast) plus 10 log lines streamed to
// an open `logcat -v time -T 1`, per execution.
{
  const device = createVirtualDevice(builtinScenario("default"));
  const receiver = "com.clawperator.demo";
  device.state.receivers.register({
    packageName: receiver,
    action: "app.clawperator.operator.ACTION_AGENT_COMMAND",
    onReceive: () => {},
  });
  const execution = {
    commandId: "c",
    taskId: "t",
    source: "s",
    expectedFormat: "android-ui-automator",
    timeoutMs: 1000,
    actions: [{ id: "a", type: "snapshot_ui" }],
  };
  const script = dispatchScript({ execution, receiverPackage: receiver, preDispatch: [], nonce: "bench" });
  const session = (stdout, signal) => ({ stdin: Readable.from([]), stdout, stderr: () => {}, signal });
  const controller = new AbortController();
  let lines = 0;
  const streaming = device.services.run(
    "logcat -v time -T 1",
    session(() => lines++, controller.signal),
  );
  const never = new AbortController().signal;
  const ms = await msPerCall(
    async () => {
      await device.services.run(
        script,
        session(() => {}, never),
      );
      for (let k = 0; k < 10; k++) device.state.log.write("D", "Operator", `line ${k}`, 3021);
    },
    { samples: 15, batch: 20 },
  );
  controller.abort();
  await streaming;
  device.stop();
  if (lines === 0) throw new Error("logcat streamed nothing");
  row("device shell: dispatch script + 10 streamed log lines", ms, "< 2 ms", 2);
}

console.log("| measurement | median ms | fastest ms | target | median vs target |");
console.log("|---|---:|---:|---|---|");
for (const line of rows) console.log(line);
