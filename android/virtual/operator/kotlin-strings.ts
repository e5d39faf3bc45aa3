import type { StepResult } from "../../../core/contracts/envelope.ts";
import type { OperatorActionType, OperatorMatcher } from "./command-params.ts";

/** The APK's UiAction subclass for each action type: its simpleName is the `type=` of step_start / step_success. */
export const STEP_KIND: Readonly<Record<OperatorActionType, string>> = {
  open_app: "OpenApp",
  open_uri: "OpenUri",
  close_app: "CloseApp",
  wait_for_node: "WaitForNode",
  click: "Click",
  scroll_and_click: "ScrollAndClick",
  scroll: "Scroll",
  scroll_until: "ScrollUntil",
  wait_for_navigation: "WaitForNavigation",
  read_key_value_pair: "ReadKeyValuePair",
  read_text: "ReadText",
  enter_text: "EnterText",
  snapshot_ui: "SnapshotUi",
  start_recording: "StartRecording",
  stop_recording: "StopRecording",
  take_screenshot: "TakeScreenshot",
  doctor_ping: "DoctorPing",
  press_key: "PressKey",
  sleep: "Sleep",
};

const value = (v: string | undefined) => (v === undefined ? "null" : v);

/** Kotlin's data-class toString of a NodeMatcher, which the APK's stage ids and messages embed. */
export const nodeMatcherString = (m: OperatorMatcher): string =>
  `NodeMatcher(resourceId=${value(m.resourceId)}, role=${value(m.role)}, textEquals=${value(m.textEquals)}, ` +
  `textContains=${value(m.textContains)}, ` +
  `contentDescEquals=${value(m.contentDescEquals)}, contentDescContains=${value(m.contentDescContains)})`;

const dataString = (data: Readonly<Record<string, string>>) =>
  `{${Object.entries(data)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ")}}`;

/** UiActionExecutionResult's toString, as `Task completed successfully … with value:` prints it. */
export const executionResultString = (commandId: string, taskId: string, steps: readonly StepResult[]): string =>
  `UiActionExecutionResult(commandId=${commandId}, taskId=${taskId}, stepResults=[${steps
    .map(
      (s) =>
        `UiActionStepResult(id=${s.id}, actionType=${s.actionType}, success=${s.success}, data=${dataString(s.data)})`,
    )
    .join(", ")}])`;
