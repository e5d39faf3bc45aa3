import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { parseHierarchy } from "../../../android/hierarchy/index.ts";
import { serverAddress } from "../../../android/adb/server-address.ts";
import { startVirtualDevice, type RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { type CommandRunContext, defineCommandHandler } from "../../../core/kernel/index.ts";
import { ExecutionRunner, type RunExecutionResult } from "../../../core/execution/runner.ts";
import { Transport } from "../../../core/services/transport.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { renderResult } from "../../../android/operator/render-result.ts";
import { renderUiTree } from "../../../android/hierarchy/render-tree.ts";
import { adbConnect, adbDisconnect, waitForDevice } from "../adb-server.ts";
import { ensureAdb } from "../ensure-adb.ts";
import { freePort } from "../free-port.ts";
import { demoExecution, OPERATOR, readiness, run, searchAndRead } from "./demo-steps.ts";

const TREE_LINES = 30;

function section(ctx: CommandRunContext, title: string, body: string): void {
  if (ctx.globals.output === "pretty") process.stdout.write(`\n== ${title} ==\n${body}\n`);
}

function treeOf(result: RunExecutionResult): string {
  const xml = result.envelope.stepResults[0]?.data.text;
  if (!xml) return renderResult(result);
  const lines = renderUiTree(parseHierarchy(xml).windows).split("\n");
  return [
    ...lines.slice(0, TREE_LINES),
    ...(lines.length > TREE_LINES ? [`... ${lines.length - TREE_LINES} more nodes`] : []),
  ].join("\n");
}

/**
 * `demo`: the whole path on a virtual device, through a private adb server so the machine's own adb and
 * devices are left alone. Everything it starts is stopped before it returns.
 */
const demo = defineCommandHandler({
  async run(_args, ctx) {
    const adb = await ensureAdb(ctx.config.adbPath, ctx.logger);
    process.env.ANDROID_ADB_SERVER_PORT = String(await freePort());
    delete process.env.ADB_SERVER_SOCKET;
    const address = serverAddress();
    const transport = ctx.services.resolve(Transport);
    const runner = ctx.services.resolve(ExecutionRunner);
    let device: RunningVirtualDevice | undefined;
    try {
      ctx.logger.progress(`starting a private adb server on port ${address.port} and a virtual device...`);
      await transport.listDevices();
      device = await startVirtualDevice({ scenario: "default" });
      await adbConnect(address, device.serial, { authorized: true });
      await waitForDevice(address, device.serial);
      const serial = device.serial;

      const checks = await readiness(transport, serial);
      section(ctx, "Readiness", checks.map((c) => `${c.ok ? "ok  " : "FAIL"} ${c.check}: ${c.detail}`).join("\n"));

      // The agent's first call: the screen as an outline with refs (clawperator observe view).
      const viewed = await ctx.services.resolve(AgentViews).observe({ deviceId: serial, receiverPackage: OPERATOR });
      section(
        ctx,
        "observe view (what an agent reads first: one line per node, [ref=eN] on what it can act on)",
        viewed.view?.outline ?? viewed.viewError ?? renderResult(viewed),
      );

      const snapshot = await run(runner, serial, demoExecution("snapshot", [{ id: "snapshot", type: "snapshot_ui" }]));
      section(ctx, "observe snapshot (the same screen as the full hierarchy, for people and tools)", treeOf(snapshot));

      const task = await run(runner, serial, searchAndRead());
      section(ctx, "execution: open the demo app, search, read the temperature", renderResult(task));

      // A folder of this user's alone (0700), not a name other local users could take in the shared temp directory.
      const path = join(mkdtempSync(join(tmpdir(), "clawperator-demo-")), "screenshot.png");
      const screenshot = await run(
        runner,
        serial,
        demoExecution("screenshot", [{ id: "screenshot", type: "take_screenshot", params: { path } }]),
      );
      section(ctx, "screenshot", renderResult(screenshot));

      const ok = checks.every((c) => c.ok) && [viewed, snapshot, task, screenshot].every((r) => r.ok);
      const summary = {
        ok,
        deviceId: serial,
        readiness: checks,
        view: viewed.view,
        snapshot,
        execution: task,
        screenshot,
      };
      if (ctx.globals.output !== "pretty") return summary;
      section(
        ctx,
        ok ? "Done" : "Done, with failures",
        `Screenshot: ${path} (the one thing left behind; delete it when done)\n` +
          "The virtual device, the private adb server and what was kept of the device's screen are gone.",
      );
      return undefined;
    } finally {
      if (device) {
        await adbDisconnect(address, device.serial);
        await device.stop();
        ctx.services.resolve(EventBus).emit("clawperator:device-removed", { deviceId: device.serial });
      }
      await execa(adb, ["-P", String(address.port), "kill-server"], { reject: false, stdin: "ignore" });
    }
  },
  exitCode: (result) => (result?.ok === false ? 1 : 0),
});

export default demo;
