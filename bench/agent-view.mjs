// The agent view against the peer's element list: size in chars and in tokens (o200k_base, the GPT-4o /
// GPT-5 tokenizer, and cl100k_base), per fixture; the in-process cost of building the view of the 504-node dump;
// and on the virtual device, what act-and-see adds to a click (programmatic API, stream open).
// Run: npm run build && node bench/agent-view.mjs
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens as o200kTokens } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens as cl100kTokens } from "gpt-tokenizer/encoding/cl100k_base";
import { privateAdb, root } from "./private-adb.mjs";
import { median } from "./median.mjs";

const { buildAgentView } = await import(join(root, "dist/android/hierarchy/agent-view/index.js"));
const { parseHierarchy } = await import(join(root, "dist/android/hierarchy/index.js"));
const { createClawperator } = await import(join(root, "dist/index.js"));

/** mobile-mcp 1.0.4's mobile_list_elements_on_screen on the same screens of our virtual device, in chars. */
const PEER = {
  compose_chat_entities_single_quoted_attrs: 7647,
  familyhub_settings_react_native_landscape_emoji: 3109,
  futu_trader_position_history_recyclerview_cjk: 15270,
  jukandian_article_webview_cjk_504nodes: 2305,
  permissioncontroller_location_prompt: 1656,
  protonvpn_home_compose_testtags: 1489,
  settings_main_homepage: 4360,
  settings_usb_alertdialog_vietnamese: 1116,
  twitter_search_devtty_trailer_malformed: 3101,
};

// Screen text is data: a special token written on a screen (one fixture has <|im_start|>) counts as plain text.
const PLAIN = { disallowedSpecial: new Set() };
const o200k = (text) => o200kTokens(text, PLAIN);
const cl100k = (text) => cl100kTokens(text, PLAIN);

const dir = join(root, "test/fixtures/hierarchy");
const fmt = (n) => n.toLocaleString("en");
const pct = (a, b) => `${((a / b) * 100).toFixed(0)} %`;

console.log(
  "| screen | XML chars | XML tokens | peer chars | view chars | view / peer | view tokens (o200k / cl100k) | refs (matcher / coordinate) |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
const total = { xml: 0, xmlTokens: 0, peer: 0, view: 0, o200k: 0, cl100k: 0 };
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".xml"))
  .sort()) {
  const name = file.replace(".xml", "");
  const xml = readFileSync(join(dir, file), "utf8");
  const view = buildAgentView(parseHierarchy(xml), "bench");
  const refs = Object.values(view.refs);
  const unique = refs.filter((r) => r.unique).length;
  const row = { xml: xml.length, xmlTokens: o200k(xml), peer: PEER[name], view: view.outline.length };
  row.o200k = o200k(view.outline);
  row.cl100k = cl100k(view.outline);
  for (const key of Object.keys(total)) total[key] += row[key];
  console.log(
    `| ${name} | ${fmt(row.xml)} | ${fmt(row.xmlTokens)} | ${fmt(row.peer)} | ${fmt(row.view)} | ${pct(row.view, row.peer)} | ` +
      `${fmt(row.o200k)} / ${fmt(row.cl100k)} | ${unique} / ${refs.length - unique} |`,
  );
}
console.log(
  `| **all** | ${fmt(total.xml)} | ${fmt(total.xmlTokens)} | ${fmt(total.peer)} | ${fmt(total.view)} | ` +
    `${pct(total.view, total.peer)} | ${fmt(total.o200k)} / ${fmt(total.cl100k)} | |`,
);

// Building the view of the 504-node dump in-process, from the parsed hierarchy (as the service does after parsing).
const big = parseHierarchy(readFileSync(join(dir, "jukandian_article_webview_cjk_504nodes.xml"), "utf8"));
for (let i = 0; i < 50; i++) buildAgentView(big, "warm-up");
const builds = [];
for (let i = 0; i < 200; i++) {
  const start = performance.now();
  buildAgentView(big, "bench");
  builds.push(performance.now() - start);
}
console.log(`\nbuild the view of the 504-node dump: median ${median(builds).toFixed(3)} ms of 200 (target <= 5 ms)`);

// Act and see on the virtual device: a click, and the same click by ref with the view appended.
const runs = Number(process.env.N ?? 40);
const host = await privateAdb({ prefix: "clawperator-bench-view-" });
let serial;
try {
  serial = host.startDevice().serial;
  host.adb(["connect", serial]);
  const api = await createClawperator({ cwd: host.home });
  const exec = (actions) => ({
    commandId: `bench-${Date.now()}-${Math.random().toString(16).slice(2)}`,
    taskId: "bench",
    source: "bench",
    expectedFormat: "android-ui-automator",
    timeoutMs: 30_000,
    actions,
  });
  const settings = [{ id: "open", type: "open_app", params: { applicationId: "com.android.settings" } }];
  const timed = async (fn) => {
    const start = performance.now();
    const result = await fn();
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return performance.now() - start;
  };
  const rows = { click: [], snapshot: [], view: [], clickRef: [], clickView: [] };
  // Each round clicks Settings' Display row and goes back, so every click starts from the same screen.
  const back = () => api.execute(exec([{ id: "b", type: "press_key", params: { key: "back" } }]), { deviceId: serial });
  await api.execute(exec(settings), { deviceId: serial });
  for (let i = 0; i < runs + 5; i++) {
    const click = await timed(() =>
      api.execute(exec([{ id: "c", type: "click", params: { matcher: { textEquals: "Display" } } }]), {
        deviceId: serial,
      }),
    );
    await back();
    const snapshot = await timed(() => api.snapshot({ deviceId: serial }));
    let seen;
    const view = await timed(async () => {
      seen = await api.view({ deviceId: serial });
      return seen;
    });
    const ref = /"Display".*?\[ref=(e\d+)\]/.exec(seen.view.outline)[1];
    const clickRef = await timed(() =>
      api.execute(exec([{ id: "c", type: "click", params: { ref } }]), { deviceId: serial }),
    );
    await back();
    await api.view({ deviceId: serial });
    const clickView = await timed(() =>
      api.execute(exec([{ id: "c", type: "click", params: { ref } }]), { deviceId: serial, view: true }),
    );
    await back();
    if (i < 5) continue;
    rows.click.push(click);
    rows.snapshot.push(snapshot);
    rows.view.push(view);
    rows.clickRef.push(clickRef);
    rows.clickView.push(clickView);
  }
  await api.close();
  const [c, s, v, cr, cv] = ["click", "snapshot", "view", "clickRef", "clickView"].map((k) => median(rows[k]));
  console.log(`\nvirtual device, programmatic API, median of ${runs} (ms):`);
  console.log(
    `click ${c.toFixed(2)} · snapshot ${s.toFixed(2)} · view ${v.toFixed(2)} · click by ref ${cr.toFixed(2)}`,
  );
  console.log(`click by ref + view ${cv.toFixed(2)}`);
  console.log(`act-and-see adds ${(cv - c).toFixed(2)} ms to the click (target <= one snapshot, ${s.toFixed(2)} ms)`);
} finally {
  if (serial) host.adb(["disconnect", serial]);
  try {
    if (serial)
      execFileSync(process.execPath, [join(root, "dist/cli/bin.cjs"), "virtual", "stop", serial], { stdio: "ignore" });
  } finally {
    host.close();
  }
}
