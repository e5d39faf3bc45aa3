import { z } from "zod";
import { VIEW_MODES } from "../../core/contracts/agent-view.ts";
import {
  AppInput,
  AppsListInput,
  InstallInput,
  KeyInput,
  LogsInput,
  NoInput,
  RotationInput,
  checkSwipe,
  SwipeFields,
} from "../../core/contracts/device-control.ts";
import type { DeviceControl } from "../../core/services/device-control.ts";
import {
  ACT,
  DeviceTarget,
  OBSERVE,
  zodTool,
  type AgentTool,
  type ToolContext,
  type ToolOutput,
} from "./agent-tool.ts";
import { agentText, compactView } from "./agent-text.ts";
import { DeviceToolDetails } from "./output-schemas.ts";
import { sessionOf } from "./view-tools.ts";

const target = { deviceId: DeviceTarget.deviceId };
const view = z
  .enum(VIEW_MODES)
  .optional()
  .describe("the view of the screen after it, once settled: incremental (the default: what changed), full or none");

/** A device tool's result as text: its fields on one line, `ok` first. */
const summary = (result: object) =>
  [
    "ok",
    ...Object.entries(result as Record<string, unknown>)
      .filter(([key]) => key !== "deviceId")
      .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`),
  ].join(" ");

/**
 * The result of a tool that may change the screen, with the view after it (default incremental) read once the
 * screen settled, as the action tools return theirs.
 */
async function andSee(
  ctx: ToolContext,
  result: { deviceId: string },
  mode: (typeof VIEW_MODES)[number] | undefined,
): Promise<ToolOutput> {
  const text = summary(result);
  if (mode === "none") return { text, details: result };
  const seen = await (await ctx.clawperator()).view({
    deviceId: result.deviceId,
    mode: mode ?? "incremental",
    settle: true,
    ...sessionOf(ctx),
  });
  const details = { ...result, ...(seen.view ? { view: compactView(seen.view) } : {}) };
  return { text: `${text}\n${agentText(seen, false)}`, details };
}

const device = async (ctx: ToolContext): Promise<DeviceControl> => (await ctx.clawperator()).device;
const options = (ctx: ToolContext, deviceId: string | undefined) => ({
  ...(deviceId ? { deviceId } : {}),
  ...sessionOf(ctx),
});

export const DEVICE_CONTROL_TOOLS: readonly AgentTool[] = [
  zodTool({
    name: "clawperator_key",
    description:
      "Press any Android key: enter, del, tab, escape, dpad_up/down/left/right/center, volume_up/down, power, " +
      "camera, media_play_pause, ..., a KEYCODE_ name or a number. Returns the view after it.",
    input: KeyInput.extend({ ...target, view }),
    output: DeviceToolDetails,
    // power and sleep turn the screen off: not undone by pressing again.
    hints: ACT,
    async run(ctx, { deviceId, view: mode, ...input }) {
      return andSee(ctx, await (await device(ctx)).key(input, options(ctx, deviceId)), mode);
    },
  }),
  zodTool({
    name: "clawperator_swipe",
    description:
      "Swipe from `from` to `to` (screen pixels), or from a ref's centre in a `direction`; kind long-press holds " +
      "at the start, drag presses then moves. Returns the view after it.",
    input: SwipeFields.extend({ ...target, view }).superRefine(checkSwipe),
    output: DeviceToolDetails,
    hints: ACT,
    async run(ctx, { deviceId, view: mode, ...input }) {
      return andSee(ctx, await (await device(ctx)).swipe(input, options(ctx, deviceId)), mode);
    },
  }),
  zodTool({
    name: "clawperator_rotation",
    description:
      "The screen's orientation (portrait, landscape, reverse-*) and whether it follows the sensor; `set` locks " +
      "it in one, or auto.",
    input: RotationInput.extend({ ...target, view }),
    output: DeviceToolDetails,
    hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
    async run(ctx, { deviceId, view: mode, ...input }) {
      const result = await (await device(ctx)).rotation(input, options(ctx, deviceId));
      return input.set === undefined ? { text: summary(result), details: result } : andSee(ctx, result, mode);
    },
  }),
  zodTool({
    name: "clawperator_apps",
    description: "The application ids installed on the device (thirdParty: only those the user installed).",
    input: AppsListInput.extend(target),
    output: DeviceToolDetails,
    hints: OBSERVE,
    async run(ctx, { deviceId, ...input }) {
      const result = await (await device(ctx)).apps(input, options(ctx, deviceId));
      return { text: result.packages.join("\n"), details: result };
    },
  }),
  zodTool({
    name: "clawperator_app_launch",
    description: "Launch an installed app by its application id (its launcher activity). Returns the view after it.",
    input: AppInput.extend({ ...target, view }),
    output: DeviceToolDetails,
    hints: { ...ACT, destructive: false, idempotent: true },
    async run(ctx, { deviceId, view: mode, ...input }) {
      return andSee(ctx, await (await device(ctx)).launch(input, options(ctx, deviceId)), mode);
    },
  }),
  zodTool({
    name: "clawperator_app_install",
    description: "Install (or replace) an APK from a file on the host running Clawperator.",
    input: InstallInput.extend(target),
    output: DeviceToolDetails,
    hints: ACT,
    async run(ctx, { deviceId, ...input }) {
      const result = await (await device(ctx)).install(input, options(ctx, deviceId));
      return { text: summary(result), details: result };
    },
  }),
  zodTool({
    name: "clawperator_app_uninstall",
    description: "Uninstall an app (and its data) by its application id.",
    input: AppInput.extend(target),
    output: DeviceToolDetails,
    hints: { ...ACT, idempotent: true },
    async run(ctx, { deviceId, ...input }) {
      const result = await (await device(ctx)).uninstall(input, options(ctx, deviceId));
      return { text: summary(result), details: result };
    },
  }),
  zodTool({
    name: "clawperator_logs",
    description:
      "The device log's last lines (logcat), filtered by package, tag, level or since (90s, 5m, an ISO time); at " +
      "most 200 lines by default (lines: up to 2000) and 64 KiB. Clawperator's own protocol lines are left out.",
    input: LogsInput.extend(target),
    output: DeviceToolDetails,
    hints: OBSERVE,
    async run(ctx, { deviceId, ...input }) {
      const result = await (await device(ctx)).logs(input, options(ctx, deviceId));
      const more = result.truncated ? "\n(older lines left out)" : "";
      return { text: `${result.lines.join("\n") || "(no lines)"}${more}`, details: result };
    },
  }),
  zodTool({
    name: "clawperator_device_info",
    description: "The device's model, manufacturer, SDK level, Android version, screen size and density.",
    input: NoInput.extend(target),
    output: DeviceToolDetails,
    hints: OBSERVE,
    async run(ctx, { deviceId }) {
      const info = await (await device(ctx)).info(options(ctx, deviceId));
      const text = `${info.manufacturer} ${info.model}, Android ${info.release} (SDK ${info.sdk}), ${info.screen.width}x${info.screen.height} @ ${info.screen.density} dpi`;
      return { text, details: info };
    },
  }),
];
