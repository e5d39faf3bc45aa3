import type { OperatorAction, OperatorActionType } from "../command-params.ts";
import type { ExecutionContext } from "../execution-context.ts";
import { closeApp, openApp, openUri } from "./app-actions.ts";
import { click } from "./click.ts";
import { doctorPing, pressKey, sleep, snapshotUi, takeScreenshot } from "./device-actions.ts";
import { readKeyValuePair, waitForNavigation } from "./navigation-actions.ts";
import { startRecording, stopRecording } from "./recording-actions.ts";
import { scroll } from "./scroll.ts";
import { scrollAndClick } from "./scroll-and-click.ts";
import { scrollUntil } from "./scroll-until.ts";
import { enterText, readText } from "./text-actions.ts";
import type { ActionRunner, StepData } from "./step-data.ts";
import { waitForNode } from "./wait-for-node.ts";

const RUNNERS: { [T in OperatorActionType]: ActionRunner<T> } = {
  open_app: openApp,
  open_uri: openUri,
  close_app: closeApp,
  wait_for_node: waitForNode,
  click,
  scroll_and_click: scrollAndClick,
  scroll,
  scroll_until: scrollUntil,
  wait_for_navigation: waitForNavigation,
  read_key_value_pair: readKeyValuePair,
  read_text: readText,
  enter_text: enterText,
  snapshot_ui: snapshotUi,
  start_recording: startRecording,
  stop_recording: stopRecording,
  take_screenshot: takeScreenshot,
  doctor_ping: doctorPing,
  press_key: pressKey,
  sleep,
};

/** Runs one action; resolves with its success data or throws a StepFailure. */
export function runAction(ctx: ExecutionContext, action: OperatorAction): Promise<StepData> {
  // TypeScript cannot correlate the runner with the action's type through the union; the table's type ensures it.
  return (RUNNERS[action.type] as ActionRunner<OperatorActionType>)(ctx, action);
}
