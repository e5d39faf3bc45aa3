import { serializeHierarchy } from "../../../hierarchy/index.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner } from "./step-data.ts";

/** Logs the screen as hierarchy_xml; the host reads it from the log and puts it into this step's `data.text`. */
export const snapshotUi: ActionRunner<"snapshot_ui"> = async (ctx) => {
  ctx.log.snapshot(ctx.commandId, serializeHierarchy(ctx.ui.snapshot(), { layout: "lines" }));
  return { actual_format: "hierarchy_xml" };
};

/** The host captures the screen with `screencap -p`. Not fatal. */
export const takeScreenshot: ActionRunner<"take_screenshot"> = async () => {
  throw new StepFailure(
    "UNSUPPORTED_RUNTIME_SCREENSHOT",
    "Android runtime cannot reliably capture screenshots. Use the Clawperator Node API or 'adb exec-out screencap -p' directly for this action.",
    {},
    false,
  );
};

export const sleep: ActionRunner<"sleep"> = async (ctx, { params: { durationMs } }) => {
  await ctx.wait(durationMs);
  return { duration_ms: String(durationMs) };
};

export const pressKey: ActionRunner<"press_key"> = async (ctx, { params: { key } }) => {
  if (!ctx.ui.globalAction(key)) throw new StepFailure("GLOBAL_ACTION_FAILED", `performGlobalAction returned false for key=${key}`, { key });
  return { key };
};

export const doctorPing: ActionRunner<"doctor_ping"> = async (ctx) => {
  const facts = ctx.deviceFacts();
  return { developer_options_enabled: String(facts.developerOptionsEnabled), usb_debugging_enabled: String(facts.usbDebuggingEnabled) };
};
