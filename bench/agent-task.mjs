// A scripted agent (no LLM) performs the same multi-step tasks on the virtual device through our MCP server and
// through mobile-mcp 1.0.4: a fixed plan that reads each tool result, finds its next target by label in what it was
// given, and acts. Per task and side: tool calls, tokens the agent read (gpt-tokenizer, o200k_base: every text
// content and the structured content of every result, envelopes included), wall time, and whether it finished.
// Sides alternate task by task (ours, peer, ours, peer) for ROUNDS rounds; tokens and calls repeat exactly, the time
// is the median.
// Run: npm run build && MOBILE_MCP=<path to @mobilenext/mobile-mcp's lib/index.js> node bench/agent-task.mjs
// (install it outside the project: `npm install --prefix /tmp/mm @mobilenext/mobile-mcp@1.0.4`; its adb robot:
// MOBILEMCP_LEGACY_ROBOT=1, telemetry off, ANDROID_HOME for its adb).
import { execFileSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { median } from "./median.mjs";
import { bin, privateAdb } from "./private-adb.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PEER = process.env.MOBILE_MCP;
if (!PEER) throw new Error("set MOBILE_MCP to mobile-mcp 1.0.4's lib/index.js (see the header of this file)");

// Screen text is data: a special token written on a screen counts as plain text.
const tokens = (text) => countTokens(text, { disallowedSpecial: new Set() });

const host = await privateAdb({ prefix: "clawperator-bench-agent-" });
const { serial } = host.startDevice();
host.adb(["connect", serial]);

const connect = async (args, env = {}) => {
  const client = new Client({ name: "bench-agent", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, env: { ...process.env, ...env }, stderr: "ignore" }),
  );
  return client;
};

/**
 * The screen's own words in a result: every quoted label, one per line. A view that loses nothing (every text and
 * description on the display) carries at least these, whatever its format: the floor of what an agent reads.
 */
const labelsOf = (text) => [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join("\n");

/** One side's session: every call counted, every result's text kept for the plan to read. */
function agent(client, deviceArg) {
  const run = { calls: 0, tokens: 0, structured: 0, labels: 0, seen: [] };
  run.call = async (name, args = {}) => {
    const result = await client.callTool({ name, arguments: { ...deviceArg, ...args } });
    run.calls++;
    const text = result.content
      .filter((c) => c.type === "text")
      .map((c) => c.text)
      .join("\n");
    const structured = result.structuredContent ? tokens(JSON.stringify(result.structuredContent)) : 0;
    run.tokens += tokens(text) + structured;
    run.structured += structured;
    run.labels += tokens(labelsOf(text));
    if (result.isError) throw new Error(`${name} failed: ${text.slice(0, 300)}`);
    run.seen.push(text);
    return text;
  };
  return run;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Ours: the ref of the line showing `label`, from the newest text that has one (refs stay while their node does). */
function ref(run, label) {
  const pattern = new RegExp(`${label.startsWith("#") ? escapeRe(label) : `"${escapeRe(label)}"`}.*\\[ref=(e\\d+)\\]`);
  for (const text of [...run.seen].reverse()) {
    const line = text.split("\n").find((l) => pattern.test(l));
    if (line) return pattern.exec(line)[1];
  }
  throw new Error(`no ref for ${label}`);
}

/** Peer: the centre of the element showing `label` in the newest element list. */
function at(run, label) {
  const list = [...run.seen].reverse().find((t) => t.startsWith("One element per line"));
  const line = list
    ?.split("\n")
    .find((l) => l.includes(`text=${JSON.stringify(label)}`) || l.includes(`label=${JSON.stringify(label)}`));
  const m = line && /at=(\d+),(\d+) size=(\d+)x(\d+)/.exec(line);
  if (!m) throw new Error(`no element ${label}`);
  return { x: Number(m[1]) + Math.floor(Number(m[3]) / 2), y: Number(m[2]) + Math.floor(Number(m[4]) / 2) };
}

const expect = (ok, what) => {
  if (!ok) throw new Error(`check failed: ${what}`);
};
const last = (run) => run.seen.at(-1);

const SETTINGS = "com.android.settings";
const DEMO = "com.clawperator.demo";

/** The tasks: a start app, then each side's plan, step for step the same task. */
const TASKS = [
  {
    name: "Settings: Network & internet → Internet, turn Wi‑Fi off, back twice",
    steps: 6,
    async ours(a) {
      await a.call("clawperator_open_app", { applicationId: SETTINGS });
      await a.call("clawperator_click", { ref: ref(a, "Network & internet") });
      await a.call("clawperator_click", { ref: ref(a, "Internet") });
      await a.call("clawperator_click", { ref: ref(a, "Wi‑Fi") });
      expect(!/switch #switch_widget checked/.test(last(a).split("Wi‑Fi")[1] ?? "checked"), "Wi‑Fi off");
      await a.call("clawperator_press_key", { key: "back" });
      await a.call("clawperator_press_key", { key: "back" });
      expect(/"Network & internet"/.test(a.seen.join("\n")) && /com\.android\.settings/.test(last(a)), "back home");
    },
    async peer(p) {
      await p.call("mobile_launch_app", { packageName: SETTINGS });
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Network & internet"));
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Internet"));
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Wi‑Fi"));
      await p.call("mobile_list_elements_on_screen");
      expect(!/Switch[^\n]*checked/.test(last(p).split("Wi‑Fi")[1]?.split("\n")[1] ?? ""), "Wi‑Fi off");
      await p.call("mobile_press_button", { button: "BACK" });
      await p.call("mobile_press_button", { button: "BACK" });
      await p.call("mobile_list_elements_on_screen");
      expect(/Network & internet/.test(last(p)), "back home");
    },
  },
  {
    name: "Demo: search for San, read San Jose's temperature",
    steps: 4,
    async ours(a) {
      await a.call("clawperator_open_app", { applicationId: DEMO });
      await a.call("clawperator_type", { ref: ref(a, "#search"), text: "San", submit: true });
      expect(/"San Jose" "24\.0 °C"/.test(last(a)), "San Jose 24.0 °C");
    },
    async peer(p) {
      await p.call("mobile_launch_app", { packageName: DEMO });
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Search cities"));
      await p.call("mobile_type_keys", { text: "San", submit: true });
      await p.call("mobile_list_elements_on_screen");
      expect(/text="San Jose"[\s\S]*text="24\.0 °C"/.test(last(p)), "San Jose 24.0 °C");
    },
  },
  {
    name: "Settings: scroll the list to About phone, open it, read the Android version",
    steps: 5,
    async ours(a) {
      await a.call("clawperator_open_app", { applicationId: SETTINGS });
      for (let i = 0; i < 4 && !/"About phone"/.test(last(a)); i++)
        await a.call("clawperator_scroll", { direction: "down" });
      await a.call("clawperator_click", { ref: ref(a, "About phone") });
      expect(/"Android version" "14"/.test(last(a)), "Android version 14");
    },
    async peer(p) {
      await p.call("mobile_launch_app", { packageName: SETTINGS });
      await p.call("mobile_list_elements_on_screen");
      for (let i = 0; i < 4 && !/text="About phone"/.test(last(p)); i++) {
        await p.call("mobile_swipe_on_screen", { direction: "up" });
        await p.call("mobile_list_elements_on_screen");
      }
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "About phone"));
      await p.call("mobile_list_elements_on_screen");
      expect(/text="Android version"[^\n]*\n[^\n]*text="14"/.test(last(p)), "Android version 14");
    },
  },
  {
    name: "Demo: open the feedback form, fill name and email, send, read the reply",
    steps: 6,
    async ours(a) {
      await a.call("clawperator_open_app", { applicationId: DEMO });
      await a.call("clawperator_click", { ref: ref(a, "Send feedback") });
      await a.call("clawperator_type", { ref: ref(a, "#name"), text: "Ada" });
      await a.call("clawperator_type", { ref: ref(a, "#email"), text: "ada@example.com" });
      await a.call("clawperator_click", { ref: ref(a, "Send") });
      expect(/"Thanks, Ada!"/.test(last(a)) && /ada@example\.com/.test(last(a)), "thanks");
    },
    async peer(p) {
      await p.call("mobile_launch_app", { packageName: DEMO });
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Send feedback"));
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Your name"));
      await p.call("mobile_type_keys", { text: "Ada", submit: false });
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Email"));
      await p.call("mobile_type_keys", { text: "ada@example.com", submit: false });
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Send"));
      await p.call("mobile_list_elements_on_screen");
      expect(/Thanks, Ada!/.test(last(p)) && /ada@example\.com/.test(last(p)), "thanks");
    },
  },
  {
    name: "Demo: open the Clear history dialog, dismiss it, check it is gone",
    steps: 4,
    async ours(a) {
      await a.call("clawperator_open_app", { applicationId: DEMO });
      await a.call("clawperator_click", { ref: ref(a, "Clear history") });
      expect(/"Clear history\?"/.test(last(a)), "dialog shown");
      await a.call("clawperator_click", { ref: ref(a, "Cancel") });
      expect(/removed: [^\n]*"Cancel"/.test(last(a)) || !/"Cancel"/.test(last(a)), "dialog gone");
    },
    async peer(p) {
      await p.call("mobile_launch_app", { packageName: DEMO });
      await p.call("mobile_list_elements_on_screen");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Clear history"));
      await p.call("mobile_list_elements_on_screen");
      expect(/Clear history\?/.test(last(p)), "dialog shown");
      await p.call("mobile_click_on_screen_at_coordinates", at(p, "Cancel"));
      await p.call("mobile_list_elements_on_screen");
      expect(!/Cancel/.test(last(p)), "dialog gone");
    },
  },
];

/** Every task starts from the home screen with both apps stopped (their screens and typed text gone). */
const reset = () => {
  for (const pkg of [SETTINGS, DEMO]) host.adb(["-s", serial, "shell", "am", "force-stop", pkg]);
  host.adb(["-s", serial, "shell", "input", "keyevent", "3"]);
};

// Each task is a new agent: a new MCP session (its own views and refs), connected before the clock starts.
const sides = {
  ours: { args: [bin, "mcp"], env: {}, device: { deviceId: serial } },
  peer: {
    args: [PEER],
    env: {
      MOBILEMCP_LEGACY_ROBOT: "1",
      MOBILEMCP_DISABLE_TELEMETRY: "1",
      ANDROID_HOME: process.env.ANDROID_HOME ?? "/usr/lib/android-sdk",
    },
    device: { device: serial },
  },
};
const results = TASKS.map(() => ({ ours: [], peer: [] }));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, task] of TASKS.entries()) {
      for (const side of ["ours", "peer"]) {
        reset();
        const client = await connect(sides[side].args, sides[side].env);
        const run = agent(client, sides[side].device);
        const start = performance.now();
        let finished = true;
        try {
          await task[side](run);
        } catch (error) {
          finished = false;
          console.error(`${side} ${task.name}: ${error.message}`);
        }
        const { calls, tokens: read, structured, labels } = run;
        results[i][side].push({ ms: performance.now() - start, calls, tokens: read, structured, labels, finished });
        await client.close();
      }
    }
  }
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}

const fmt = (n) => n.toLocaleString("en");
console.log(
  "| task | steps | ours: calls / tokens (structured) / ms | mobile-mcp: calls / tokens / ms | tokens ours ÷ peer | labels floor ÷ peer | calls ours ÷ peer | finished |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---|");
const total = { ours: 0, peer: 0, labels: 0 };
let worst = 0;
let worstCalls = 0;
for (const [i, task] of TASKS.entries()) {
  const o = results[i].ours;
  const p = results[i].peer;
  const [oc, ot, pc, pt] = [o[0].calls, o[0].tokens, p[0].calls, p[0].tokens];
  total.ours += ot;
  total.peer += pt;
  total.labels += o[0].labels;
  worst = Math.max(worst, ot / pt);
  worstCalls = Math.max(worstCalls, oc / pc);
  const done = `${o.filter((r) => r.finished).length}/${o.length} · ${p.filter((r) => r.finished).length}/${p.length}`;
  console.log(
    `| ${task.name} | ${task.steps} | ${oc} / ${fmt(ot)} (${fmt(o[0].structured)}) / ${median(o.map((r) => r.ms)).toFixed(0)} | ` +
      `${pc} / ${fmt(pt)} / ${median(p.map((r) => r.ms)).toFixed(0)} | ${(ot / pt).toFixed(2)}× | ` +
      `${(o[0].labels / pt).toFixed(2)}× | ${(oc / pc).toFixed(2)}× | ${done} |`,
  );
}
console.log(
  `| **all** | | ${fmt(total.ours)} tokens | ${fmt(total.peer)} tokens | **${(total.ours / total.peer).toFixed(2)}×** | ${(total.labels / total.peer).toFixed(2)}× | worst ${worstCalls.toFixed(2)}× | |`,
);
console.log(
  `\nworst task: ${worst.toFixed(2)}× the peer's tokens (targets: all ≤ 0.15×, every task ≤ 0.25×, calls ≤ 0.6×)`,
);
