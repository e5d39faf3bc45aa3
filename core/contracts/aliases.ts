import type { ActionType } from "./action-types.ts";

/**
 * Input-only alias table (docs/execution.md#aliases). Explicit and
 * versioned: no fuzzy guessing. The canonical type is what is stored, logged and dispatched.
 */
export const ACTION_ALIASES: Readonly<Record<string, { type: ActionType; params?: Record<string, unknown> }>> = {
  tap: { type: "click" },
  press: { type: "click" },
  long_press: { type: "click", params: { clickType: "long_click" } },
  wait_for: { type: "wait_for_node" },
  find: { type: "wait_for_node" },
  find_node: { type: "wait_for_node" },
  read: { type: "read_text" },
  snapshot: { type: "snapshot_ui" },
  screenshot: { type: "take_screenshot" },
  capture_screenshot: { type: "take_screenshot" },
  type_text: { type: "enter_text" },
  text_entry: { type: "enter_text" },
  input_text: { type: "enter_text" },
  open_url: { type: "open_uri" },
  key_press: { type: "press_key" },
};
