/**
 * Every canonical action type the host dispatches, as plain data (no zod): the hot-path validator and the
 * normalizer use it without loading the schemas; actions.ts builds one schema per entry.
 */
export const ACTION_TYPES = [
  "open_app",
  "open_uri",
  "close_app",
  "click",
  "scroll_and_click",
  "scroll",
  "scroll_until",
  "read_text",
  "enter_text",
  "wait_for_node",
  "wait_for_navigation",
  "read_key_value_pair",
  "snapshot_ui",
  "take_screenshot",
  "start_recording",
  "stop_recording",
  "sleep",
  "press_key",
  "doctor_ping",
] as const;

export type ActionType = (typeof ACTION_TYPES)[number];

/** Action types agents may send; doctor_ping is reserved for the doctor handshake. */
export const INTERNAL_ACTION_TYPES: readonly ActionType[] = ["doctor_ping"];
export const PUBLIC_ACTION_TYPES: ActionType[] = ACTION_TYPES.filter((t) => !INTERNAL_ACTION_TYPES.includes(t));

/** Actions whose params object may be omitted (no required param). */
export const PARAMS_OPTIONAL: ReadonlySet<ActionType> = new Set([
  "scroll",
  "scroll_until",
  "snapshot_ui",
  "take_screenshot",
  "start_recording",
  "stop_recording",
  "doctor_ping",
]);

/** Enum-valued params, with every spelling the APK accepts (lower-cased) mapped to the one the host sends. */
export const ENUM_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  clickType: { default: "default", click: "click", long_click: "long_click", longclick: "long_click", focus: "focus" },
  direction: { down: "down", up: "up", left: "left", right: "right" },
  validator: { temperature: "temperature", version: "version", regex: "regex" },
  key: { back: "back", home: "home", recents: "recents" },
};
