// MCP message fuzzing, run by bench/fuzz.mjs: random JSON-RPC shapes, well-formed and not, sent to
// `clawperator mcp` over stdio and to serve's /mcp over HTTP. Every message must be answered as JSON-RPC 2.0 says
// (a request with its id, a malformed message with id null, a batch with one array) or, for a notification or a
// response, get no answer; the server must be alive at the end and its RSS must not grow with the messages.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const BIN = resolve(import.meta.dirname, "../dist/cli/bin.cjs");
const PROTOCOL = "2025-06-18";
/** Messages sent over stdio before waiting for their answers. */
const WINDOW = 50;

/** A small seeded generator (mulberry32), so a failure is reproduced by its seed. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick };
}

const JUNK_VALUES = [null, true, 0, -1, 1.5, "", "x", [], {}, [1, 2], { a: { b: [null] } }, "\u0000\u202e"];
const FAST_REQUESTS = [
  ["ping", undefined],
  ["tools/list", {}],
  ["prompts/list", {}],
  ["prompts/get", { name: "operate-android" }],
  ["prompts/get", { name: "no-such-prompt" }],
  ["no/such/method", {}],
  ["completion/complete", { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "b" } }],
  ["tools/call", { name: "no_such_tool", arguments: {} }],
];

/**
 * One message and what it must get: `{ text, expect }` where expect is `{ id }` (an answer to that id), `{ error,
 * id }` (that error code, for that id or null), `"none"`, or `"batch"` (an array answering each request id in it).
 */
function generate(rng, nextId) {
  const id = () => (rng.next() < 0.5 ? nextId() : `s-${nextId()}`);
  const kind = rng.int(12);
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const [method, params] = rng.pick(FAST_REQUESTS);
      const request = { jsonrpc: "2.0", id: id(), method, ...(params === undefined ? {} : { params }) };
      return { message: request, expect: { id: request.id } };
    }
    case 3: {
      const badArguments = rng.pick(["string", 5, [1], true]);
      const request = {
        jsonrpc: "2.0",
        id: id(),
        method: "tools/call",
        params: { name: "x", arguments: badArguments },
      };
      return { message: request, expect: { error: -32602, id: request.id } };
    }
    case 4: {
      const method = rng.pick(["notifications/initialized", "notifications/cancelled", "notifications/whatever"]);
      const params = method === "notifications/cancelled" ? { requestId: nextId(), reason: "fuzz" } : undefined;
      return { message: { jsonrpc: "2.0", method, ...(params ? { params } : {}) }, expect: "none" };
    }
    case 5:
      return { message: { jsonrpc: "2.0", id: nextId(), result: {} }, expect: "none" };
    case 6: {
      const request = { id: id(), method: "ping", jsonrpc: rng.pick([undefined, "1.0", 2, null]) };
      if (request.jsonrpc === undefined) delete request.jsonrpc;
      return { message: request, expect: { error: -32600, id: request.id } };
    }
    case 7: {
      const shape = rng.pick([
        () => ({ jsonrpc: "2.0", id: rng.pick([{}, [], true, 1.5]), method: "ping" }),
        () => ({ jsonrpc: "2.0", method: rng.pick([1, null, [], {}]) }),
        () => rng.pick(JUNK_VALUES),
        () => ({ jsonrpc: "2.0", id: nextId(), method: "ping", params: rng.pick([1, "p", true]) }),
      ])();
      const withId = typeof shape?.id === "number" && Number.isInteger(shape.id) && typeof shape.method === "string";
      return { message: shape, expect: { error: -32600, id: withId ? shape.id : null } };
    }
    case 8: {
      const text = rng.pick(["{not json", '{"jsonrpc":"2.0",', "]", "nul", '{"a":1}}', "\u00ff\u00fe"]);
      return { text, expect: { error: -32700, id: null } };
    }
    case 9: {
      const parts = Array.from({ length: 1 + rng.int(4) }, () => generate(rng, nextId));
      const members = parts.filter(
        (p) => p.message !== undefined && typeof p.expect === "object" && "id" in p.expect && !("error" in p.expect),
      );
      const notes = parts.filter((p) => p.expect === "none" && p.message !== undefined);
      const items = [...members, ...notes].map((p) => p.message);
      if (items.length === 0) return { text: "[]", expect: { error: -32600, id: null } };
      return { message: items, expect: { batch: members.map((p) => p.expect.id) } };
    }
    case 10:
      return { message: [rng.pick(JUNK_VALUES)], expect: { error: -32600, id: null } };
    default:
      return { text: "[]", expect: { error: -32600, id: null } };
  }
}

/**
 * The highest RSS of the first and of the second half of the messages (sampled 20 times, the first sample, before
 * anything ran, left out): the heap breathes with the garbage collector, a leak makes the second half's higher.
 */
function halves(samples) {
  const [first, second] = [samples.slice(1, samples.length >> 1), samples.slice(samples.length >> 1)];
  return { rss0: Math.max(...first), rss1: Math.max(...second) };
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

function cases(count, seed) {
  const rng = random(seed);
  let counter = 0;
  const nextId = () => ++counter;
  return Array.from({ length: count }, () => {
    const one = generate(rng, nextId);
    return { text: one.text ?? JSON.stringify(one.message), expect: one.expect };
  });
}

/** Checks the answers a transport gave against what each message had to get; returns the problems. */
function judge(sent, answers) {
  const problems = [];
  const byId = new Map();
  let nullErrors = [];
  for (const answer of answers) {
    if (Array.isArray(answer)) {
      for (const item of answer) byId.set(String(item.id), item);
      continue;
    }
    if (answer.id === null || answer.id === undefined) nullErrors.push(answer.error?.code);
    else byId.set(String(answer.id), answer);
  }
  const wantNull = [];
  for (const { text, expect } of sent) {
    if (expect === "none") continue;
    if (expect.batch) {
      for (const id of expect.batch)
        if (!byId.has(String(id))) problems.push(`batch member ${id} unanswered: ${text.slice(0, 80)}`);
      continue;
    }
    if (expect.id === null) {
      wantNull.push(expect.error);
      continue;
    }
    const answer = byId.get(String(expect.id));
    if (!answer) problems.push(`no answer to ${text.slice(0, 80)}`);
    else if (expect.error !== undefined && answer.error?.code !== expect.error)
      problems.push(`${text.slice(0, 80)}: ${JSON.stringify(answer).slice(0, 120)}, not ${expect.error}`);
  }
  const count = (codes) => codes.reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map());
  const [want, got] = [count(wantNull), count(nullErrors)];
  for (const [code, n] of want)
    if ((got.get(code) ?? 0) !== n)
      problems.push(`${n} answers with id null and ${code} expected, ${got.get(code) ?? 0} given`);
  nullErrors = [];
  return problems;
}

async function overStdio(sent, env) {
  const child = spawn(process.execPath, [BIN, "mcp"], { env, stdio: ["pipe", "pipe", "ignore"] });
  const answers = [];
  let buffer = "";
  let waiting;
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
      answers.push(JSON.parse(buffer.slice(0, at)));
      buffer = buffer.slice(at + 1);
      waiting?.();
    }
  });
  const until = (test) =>
    new Promise((done) => {
      waiting = () => test() && done();
      waiting();
    });
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: "init", method: "initialize", params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "fuzz", version: "1" } } })}\n`,
  );
  await until(() => answers.some((a) => a.id === "init"));
  answers.length = 0;
  const samples = [];
  // Sent in windows, each answered before the next, as clients wait for answers: what the server holds is then
  // what it keeps, not a queue of answers a flooding client has not read yet.
  let lines = 0;
  for (const [i, { text, expect }] of sent.entries()) {
    child.stdin.write(`${text}\n`);
    if (expect !== "none" && !(expect.batch && expect.batch.length === 0)) lines++;
    if (i % WINDOW === WINDOW - 1) await until(() => answers.length >= lines);
    if (i % Math.ceil(sent.length / 20) === 0) samples.push(rssOf(child.pid));
  }
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: "alive", method: "ping" })}\n`);
  await until(() => answers.some((a) => a.id === "alive"));
  // Answers of slower handlers may follow the ping's: read until stdout has been quiet for a second.
  for (let seen = -1; seen !== answers.length; ) {
    seen = answers.length;
    await new Promise((r) => setTimeout(r, 1000));
  }
  samples.push(rssOf(child.pid));
  answers.splice(
    answers.findIndex((a) => a.id === "alive"),
    1,
  );
  child.stdin.end();
  const code = await new Promise((r) => child.on("exit", r));
  return { problems: judge(sent, answers), ...halves(samples), exit: code };
}

async function overHttp(sent, env) {
  const token = "fuzz-token-0123456789abcdef";
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0"], {
    env: { ...env, CLAWPERATOR_SERVE_TOKEN: token },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const banner = await new Promise((done) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) done(JSON.parse(out.slice(0, out.indexOf("\n"))));
    });
  });
  const url = `http://127.0.0.1:${banner.port}/mcp`;
  const headers = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const post = async (body, extra = {}) => {
    const response = await fetch(url, { method: "POST", headers: { ...headers, ...extra }, body });
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    const messages = type.startsWith("text/event-stream")
      ? text
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => JSON.parse(l.slice(6)))
      : text
        ? [JSON.parse(text)]
        : [];
    return { status: response.status, messages, session: response.headers.get("mcp-session-id") };
  };
  const init = await post(
    JSON.stringify({
      jsonrpc: "2.0",
      id: "init",
      method: "initialize",
      params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
    }),
  );
  const session = { "mcp-session-id": init.session, "mcp-protocol-version": PROTOCOL };
  const answers = [];
  const problems = [];
  const samples = [];
  for (const [i, { text, expect }] of sent.entries()) {
    const { status, messages } = await post(text, session);
    // Over HTTP a batch's answers come one per event; they answer its members all the same.
    answers.push(...messages);
    if (expect === "none" && status !== 202) problems.push(`${text.slice(0, 80)}: HTTP ${status}, not 202`);
    if (status >= 500) problems.push(`${text.slice(0, 80)}: HTTP ${status}`);
    if (i % Math.ceil(sent.length / 20) === 0) samples.push(rssOf(child.pid));
  }
  const alive = await post(JSON.stringify({ jsonrpc: "2.0", id: "alive", method: "ping" }), session);
  if (!alive.messages.some((m) => m.id === "alive")) problems.push("the server did not answer a ping at the end");
  samples.push(rssOf(child.pid));
  child.kill("SIGTERM");
  const code = await new Promise((r) => child.on("exit", r));
  return { problems: [...problems, ...judge(sent, answers)], ...halves(samples), exit: code };
}

/** Runs `count` messages over each transport; prints a row each; throws when anything was not as JSON-RPC says. */
export async function fuzzMcp(count, seed) {
  const home = mkdtempSync(join(tmpdir(), "clawperator-fuzz-mcp-"));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    TMPDIR: home,
    CLAWPERATOR_NO_DAEMON: "1",
    ANDROID_ADB_SERVER_PORT: process.env.ANDROID_ADB_SERVER_PORT ?? "5239",
  };
  try {
    const sent = cases(count, seed);
    const rows = [];
    for (const [name, run] of [
      ["stdio", overStdio],
      ["HTTP", overHttp],
    ]) {
      const started = Date.now();
      const result = await run(sent, env);
      rows.push({ name, ...result, seconds: Math.round((Date.now() - started) / 1000) });
    }
    console.log(
      "\n| MCP transport | messages | answered wrong or not at all | peak RSS, first half | peak RSS, second half | exit | wall time | seed |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.name} | ${count} | ${r.problems.length} | ${r.rss0.toFixed(0)} MB | ${r.rss1.toFixed(0)} MB | ${r.exit} | ${r.seconds} s | ${seed} |`,
      );
    const failed = rows.filter((r) => r.problems.length > 0 || r.rss1 > r.rss0 * 1.25 + 20 || r.exit !== 0);
    for (const r of failed) console.error(`${r.name}:\n  ${r.problems.slice(0, 20).join("\n  ")}`);
    if (failed.length) throw new Error(`MCP fuzzing failed over ${failed.map((r) => r.name).join(", ")}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
