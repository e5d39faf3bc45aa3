import { readFile } from "node:fs/promises";
import { z } from "zod";
import { EXPECTED_FORMAT } from "../../core/contracts/limits.ts";
import { ACT, DeviceTarget, OBSERVE, zodTool, type AgentTool } from "./agent-tool.ts";
import { DeviceToolDetails, DevicesDetails, ExecutionDetails } from "./output-schemas.ts";
import { executionOutput, snapshotXml } from "./summarize.ts";
import { sessionOf, viewedOutput, viewTool } from "./view-tools.ts";
import { compactView } from "./agent-text.ts";
import { VIEW_MODES } from "../../core/contracts/agent-view.ts";

const timeoutMs = z
  .number()
  .int()
  .min(1_000)
  .max(120_000)
  .optional()
  .describe("how long to wait for the device's result (ms)");

let sequence = 0;

/**
 * The execution a tool sends for one action: a commandId unique to this process and call (no two tool calls
 * share one), and the tool's own task id and source.
 */
export function toolExecution(
  tool: string,
  action: { id: string; type: string; params?: unknown },
  timeoutMs = 30_000,
) {
  return {
    commandId: `${tool}-${process.pid}-${Date.now()}-${++sequence}`,
    taskId: `openclaw-${action.type}`,
    source: "clawperator-tools",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs,
    actions: [action],
  };
}

export const devicesTool = zodTool({
  name: "clawperator_devices",
  description:
    "List the Android devices Clawperator can operate (adb serials and their states). Call this first when no " +
    "device id is known.",
  input: z.strictObject({}),
  output: DevicesDetails,
  hints: { ...OBSERVE, openWorld: false },
  async run(ctx) {
    const devices = await (await ctx.clawperator()).devices();
    const text =
      devices.length === 0
        ? "No devices connected."
        : devices
            .map((d) => `${d.serial} (${d.state}${d.properties?.model ? `, ${d.properties.model}` : ""})`)
            .join("\n");
    return { text, details: { devices } };
  },
});

export const snapshotTool = zodTool({
  name: "clawperator_snapshot",
  description:
    "Read the current screen of the device as the full UI hierarchy XML (text, resource-id, content-desc, bounds " +
    "of every node). Prefer clawperator_view, far smaller; use this when the view leaves out what you need.",
  input: z.strictObject({ ...DeviceTarget, timeoutMs }),
  output: ExecutionDetails,
  hints: OBSERVE,
  async run(ctx, { deviceId, receiverPackage, timeoutMs: timeout }) {
    const result = await (await ctx.clawperator()).snapshot({ deviceId, receiverPackage, timeoutMs: timeout });
    const xml = snapshotXml(result);
    return xml === undefined ? executionOutput(result) : { text: xml, details: result };
  },
});

export const screenshotTool = zodTool({
  name: "clawperator_screenshot",
  description:
    "Take a PNG screenshot of the device's screen; returns the image (and writes it to `path` only when you give one).",
  input: z.strictObject({
    ...DeviceTarget,
    path: z
      .string()
      .min(1)
      .optional()
      .describe("also write the PNG here (inside the allowed directories); without it nothing is written"),
  }),
  output: ExecutionDetails.or(DeviceToolDetails),
  // Writes a file only where it is asked to, and changes nothing on the device: an observe tool.
  hints: OBSERVE,
  async run(ctx, { deviceId, receiverPackage, path }) {
    const clawperator = await ctx.clawperator();
    if (!path) {
      const shot = await clawperator.device.screenshot(deviceId ? { deviceId } : {});
      return {
        text: `Screenshot of ${shot.deviceId} (${shot.png.length} bytes)`,
        details: { deviceId: shot.deviceId, bytes: shot.png.length },
        image: { data: shot.png.toString("base64"), mimeType: "image/png" },
      };
    }
    const action = { id: "screenshot", type: "take_screenshot", params: { path } };
    const result = await clawperator.execute(toolExecution("clawperator_screenshot", action), {
      deviceId,
      receiverPackage,
    });
    const saved = result.envelope.stepResults.find((s) => s.success && s.data.path)?.data.path;
    if (!saved) return executionOutput(result);
    const png = await readFile(saved);
    return {
      text: `Screenshot saved to ${saved}`,
      details: result,
      image: { data: png.toString("base64"), mimeType: "image/png" },
    };
  },
});

export const executeTool = zodTool({
  name: "clawperator_execute",
  description:
    'Run a full Clawperator execution: {commandId, taskId, source, expectedFormat: "android-ui-automator", ' +
    "timeoutMs, actions: [{id, type, params}]}. Action types: open_app, open_uri, close_app, click, " +
    "scroll_and_click, scroll, scroll_until, read_text, enter_text, wait_for_node, snapshot_ui, " +
    "take_screenshot, sleep, press_key. Returns the device's result envelope with one stepResult per action; " +
    "when a step or the device failed, details.ok is false, details.error.code names the cause " +
    "(NODE_NOT_FOUND, ...) and details.error.stepId the step. An action may give `ref` (from the latest view) " +
    "instead of its matcher; `view: true` returns the view after the execution.",
  input: z.strictObject({
    ...DeviceTarget,
    execution: z
      .record(z.string(), z.unknown())
      .describe("the execution payload, validated exactly as `clawperator execute` validates it"),
    deviceEnvelope: z
      .boolean()
      .optional()
      .describe("also return the envelope exactly as the device sent it (details.deviceEnvelope)"),
    view: z
      .union([z.enum(VIEW_MODES), z.boolean()])
      .optional()
      .describe("append a snapshot and return the view after the execution: incremental (true), full or none"),
  }),
  output: ExecutionDetails,
  hints: ACT,
  async run(ctx, { deviceId, receiverPackage, execution, deviceEnvelope, view }) {
    const options = {
      deviceId,
      receiverPackage,
      ...(deviceEnvelope ? { deviceEnvelope } : {}),
      ...(view === undefined ? {} : { view: view === true ? ("incremental" as const) : view || ("none" as const) }),
      ...sessionOf(ctx),
    };
    const result = await (await ctx.clawperator()).execute(execution, options);
    // A program reads the envelope's steps; the view goes once, in the text, with its refs table here.
    const { view: seen, ...rest } = result;
    return viewedOutput(result, seen ? { ...rest, view: compactView(seen) } : rest);
  },
});

export const DEVICE_TOOLS: readonly AgentTool[] = [devicesTool, viewTool, snapshotTool, screenshotTool, executeTool];
