// The HTTP layer alone: the serve app over a real socket with a stub ExecutionRunner (a canned 10 KB snapshot),
// client and server in this process. What serve adds per request on top of the execution pipeline.
// Run: npm run build && node bench/serve-overhead.mjs   (prints a markdown table for bench/RESULTS.md)
import { Agent, request } from "node:http";
import { resolve } from "node:path";

const dist = resolve(import.meta.dirname, "../dist");
const load = (path) => import(`${dist}/${path}`);
const { bootKernel, RouteRegistry } = await load("core/kernel/index.js");
const { ExecutionRunner } = await load("core/execution/runner.js");
const serve = (await load("plugins/serve/index.js")).default;
const { ServeOptions } = await load("plugins/serve/serve-options.js");
const { createServeApp } = await load("plugins/serve/server/create-app.js");
const { Lifecycle } = await load("plugins/serve/server/lifecycle.js");
const { listen } = await load("plugins/serve/server/listen.js");
const { allowedHostsFor } = await load("plugins/serve/server/security.js");

const xml = `<?xml version='1.0'?>${'<node text="x" />'.repeat(600)}`;
const stubRunner = {
  run: async ({ execution, deviceId }) => ({
    ok: true,
    envelope: {
      commandId: execution.commandId,
      taskId: execution.taskId,
      status: "success",
      stepResults: [
        { id: "s", actionType: "snapshot_ui", success: true, data: { actual_format: "hierarchy_xml", text: xml } },
      ],
      error: null,
    },
    deviceId,
    terminalSource: "clawperator_result",
    executionId: "x",
    mode: "direct",
    timings: {},
  }),
};
const operator = { name: "operator", setup: (ctx) => ctx.services.register(ExecutionRunner, { useValue: stubRunner }) };
const logger = { debug() {}, info() {}, warn() {}, progress() {} };
const kernel = await bootKernel({
  plugins: [
    { plugin: operator, origin: "bench" },
    { plugin: serve, origin: "bench" },
  ],
  config: {},
  logger,
});
kernel.services.register(ServeOptions, {
  useValue: { heartbeatMs: 15_000, tokenRequired: false, version: "bench" },
});
const app = createServeApp({
  routes: kernel.services.resolve(RouteRegistry).entries(),
  context: { services: kernel.services, config: {}, logger },
  security: { allowedHosts: allowedHostsFor("127.0.0.1"), allowedOrigins: new Set() },
  lifecycle: new Lifecycle(),
});
const server = await listen(app, { host: "127.0.0.1", port: 0, requestTimeoutMs: 10_000 });

const agent = new Agent({ keepAlive: true });
const execution = (i) =>
  JSON.stringify({
    deviceId: "d",
    execution: {
      commandId: `c${i}`,
      taskId: "t",
      source: "s",
      expectedFormat: "android-ui-automator",
      timeoutMs: 30_000,
      actions: [{ id: "s", type: "snapshot_ui" }],
    },
  });
const post = (path, payload) =>
  new Promise((done, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? done() : fail(new Error(`HTTP ${res.statusCode}`))));
      },
    );
    req.on("error", fail);
    req.end(payload);
  });

for (let i = 0; i < 500; i++) await post("/execute", execution(i)); // warm-up: lazy route load, JIT
const N = 3_000;
console.log(
  `| request (stub runner, ${N} sequential, keep-alive) | client + server CPU ms/request | wall ms/request |`,
);
console.log("|---|---:|---:|");
for (const path of ["/execute", "/observe/snapshot"]) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < N; i++) await post(path, path === "/execute" ? execution(i) : '{"deviceId":"d"}');
  const used = process.cpuUsage(cpu);
  console.log(
    `| POST ${path} | ${((used.user + used.system) / 1000 / N).toFixed(3)} | ` +
      `${((performance.now() - started) / N).toFixed(3)} |`,
  );
}
agent.destroy();
await server.close(true);
