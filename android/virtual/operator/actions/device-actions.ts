import type { UiNode } from "../../tree/index.ts";
import { apkHierarchyLines } from "../apk-hierarchy-xml.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner } from "./step-data.ts";

function treeSize(windows: readonly UiNode[]): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const walk = (node: UiNode, level: number): void => {
    nodes++;
    depth = Math.max(depth, level);
    for (const child of node.children) walk(child, level + 1);
  };
  for (const window of windows) walk(window, 1);
  return { nodes, depth };
}

/** Logs the screen as the APK's hierarchy XML; the host reads it from the log and puts it into `data.text`. */
export const snapshotUi: ActionRunner<"snapshot_ui"> = async (ctx) => {
  const stage = "logUiTree";
  const started = ctx.now();
  ctx.log.stageStart(ctx.ids, stage, "Logging UI tree");
  ctx.log.scope("Logging UI tree");
  const hierarchy = ctx.ui.snapshot();
  ctx.log.hierarchy(apkHierarchyLines(hierarchy));
  const facts = {
    actual_format: "hierarchy_xml",
    foreground_package: ctx.ui.foregroundPackage(),
    has_overlay: "false",
    window_count: String(hierarchy.windows.length),
  };
  const { nodes, depth } = treeSize(hierarchy.windows);
  ctx.log.stageSuccess(ctx.ids, stage, {
    stage_id: stage,
    node_count: String(nodes),
    max_depth: String(depth),
    ...facts,
    truncated: "false",
    elapsed_ms: String(Math.round(ctx.now() - started)),
    attempt: "1",
  });
  return facts;
};

/** The host captures the screen with `screencap -p`. Not fatal. */
export const takeScreenshot: ActionRunner<"take_screenshot"> = async () => {
  throw new StepFailure(
    "UNSUPPORTED_RUNTIME_SCREENSHOT",
    "Android runtime cannot reliably capture screenshots. Use the Clawperator Node API or 'adb exec-out " +
      "screencap -p' directly for this action.",
    {},
    false,
  );
};

export const sleep: ActionRunner<"sleep"> = async (ctx, { params: { durationMs } }) => {
  await ctx.wait(durationMs);
  return { duration_ms: String(durationMs) };
};

/** A refused global action is a result, not an exception: the command goes on. */
export const pressKey: ActionRunner<"press_key"> = async (ctx, { params: { key } }) => {
  if (!ctx.ui.globalAction(key))
    throw new StepFailure("GLOBAL_ACTION_FAILED", `performGlobalAction returned false for key=${key}`, { key }, false);
  return { key };
};

export const doctorPing: ActionRunner<"doctor_ping"> = async (ctx) => {
  const facts = ctx.deviceFacts();
  return {
    developer_options_enabled: String(facts.developerOptionsEnabled),
    usb_debugging_enabled: String(facts.usbDebuggingEnabled),
  };
};
