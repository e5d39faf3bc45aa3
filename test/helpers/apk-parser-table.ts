/**
 * Rows of docs/protocol.md#the-apks-command-parser, as payload fragments. The host's contracts and the
 * virtual operator's parser must agree on every row: accepted rows dispatch, refused rows are refused before
 * dispatch by the host and with the APK's message by the virtual operator.
 */
export interface ParserRow {
  name: string;
  /** Action(s) of the execution; each gets id "a<n>" unless it has one. */
  actions: Record<string, unknown>[];
  /** Execution-level fields to override (undefined deletes). */
  execution?: Record<string, unknown>;
  /** The APK's message for a refused row; absent for an accepted one. */
  refused?: string;
  /** Why the host refuses a row the APK accepts: the spec's check is stricter there, for a reason. */
  hostRefuses?: string;
}

const m = { textEquals: "OK" };

/**
 * commandId and taskId shapes the APK's parser accepts (any non-blank string of at most 128 UTF-16 units). The
 * APK's log lines name both ids; the host refuses the ones those lines cannot carry intact.
 */
export const ID_SHAPES: { name: string; id: string; hostRefuses?: string }[] = [
  { name: "ascii", id: "cmd-1" },
  { name: "128 characters", id: "c".repeat(128) },
  { name: "128 UTF-16 units of emoji", id: "\u{1F44B}".repeat(64) },
  { name: "spaces inside and around", id: " a b " },
  { name: "quotes and a backslash", id: `q"'\\` },
  { name: "shell metacharacters", id: "$(id);`id`|&>*?" },
  { name: "leading dashes", id: "--help" },
  { name: "naming other ids", id: "a taskId=b commandId=c" },
  { name: "format specifiers", id: "%s%d%n" },
  { name: "JSON", id: '{"commandId":"x"}' },
  { name: "a log prefix", id: "[Clawperator-Result] x" },
  { name: "Latin-1 and emoji", id: "\u00fc\u{1F44B}" },
  { name: "CJK", id: "\u6f22\u5b57\u30c6\u30b9\u30c8" },
  { name: "right to left", id: "\u0645\u0631\u062d\u0628\u0627" },
  { name: "combining mark and ZWJ sequence", id: "e\u0301\u{1F469}\u200d\u{1F469}\u200d\u{1F467}" },
  { name: "no-break, zero-width and BOM", id: "a\u00a0b\u200bc\ufeff" },
  { name: "line break", id: "a\nb", hostRefuses: "logcat splits a message at a line break" },
  { name: "carriage return", id: "a\rb", hostRefuses: "a control character" },
  { name: "tab", id: "a\tb", hostRefuses: "a control character" },
  { name: "NUL", id: "a\u0000b", hostRefuses: "a control character" },
  { name: "DEL", id: "a\u007fb", hostRefuses: "a control character" },
  { name: "C1 next line", id: "a\u0085b", hostRefuses: "a control character" },
  { name: "line separator", id: "\u00fc\u{1F44B}\u2028x", hostRefuses: "a line separator" },
  { name: "paragraph separator", id: "a\u2029b", hostRefuses: "a paragraph separator" },
  { name: "unpaired surrogate", id: "a\ud800b", hostRefuses: "no UTF-8 form" },
];

export const ACCEPTED: ParserRow[] = [
  { name: "wait_for_node timeoutMs", actions: [{ type: "wait_for_node", params: { matcher: m, timeoutMs: 5_000 } }] },
  { name: "click coordinate", actions: [{ type: "click", params: { coordinate: { x: 10, y: 20 } } }] },
  { name: "click clickType click", actions: [{ type: "click", params: { matcher: m, clickType: "click" } }] },
  { name: "click clickType longclick", actions: [{ type: "click", params: { matcher: m, clickType: "longclick" } }] },
  {
    name: "click clickType LONG_CLICK (upper case)",
    actions: [{ type: "click", params: { matcher: m, clickType: "LONG_CLICK" } }],
  },
  { name: "click retry", actions: [{ type: "click", params: { matcher: m, retry: { maxAttempts: 2 } } }] },
  {
    name: "open_app retry",
    actions: [{ type: "open_app", params: { applicationId: "com.android.settings", retry: { maxAttempts: 1 } } }],
  },
  {
    name: "close_app retry",
    actions: [{ type: "close_app", params: { applicationId: "com.android.settings", retry: { maxAttempts: 1 } } }],
  },
  {
    name: "enter_text retry",
    actions: [{ type: "enter_text", params: { matcher: m, text: "x", retry: { maxAttempts: 1 } } }],
  },
  { name: "snapshot_ui retry", actions: [{ type: "snapshot_ui", params: { retry: { maxAttempts: 1 } } }] },
  { name: "sleep retry", actions: [{ type: "sleep", params: { durationMs: 1, retry: { maxAttempts: 1 } } }] },
  {
    name: "wait_for_node retry",
    actions: [{ type: "wait_for_node", params: { matcher: m, retry: { maxAttempts: 1 } } }],
  },
  {
    name: "scroll_and_click matcher",
    actions: [{ type: "scroll_and_click", params: { matcher: m, clickType: "long_click" } }],
  },
  {
    name: "scroll_until matcher clickType clickAfter",
    actions: [{ type: "scroll_until", params: { matcher: m, clickType: "click", clickAfter: true } }],
  },
  {
    name: "read_text validator version",
    actions: [{ type: "read_text", params: { matcher: m, validator: "version" } }],
  },
  {
    name: "read_text validator regex",
    actions: [{ type: "read_text", params: { matcher: m, validator: "regex", validatorPattern: "(?i)^ok$" } }],
  },
  {
    name: "read_text all container",
    actions: [{ type: "read_text", params: { matcher: m, all: true, container: { resourceId: "list" } } }],
  },
  {
    name: "wait_for_navigation expectedPackage",
    actions: [{ type: "wait_for_navigation", params: { expectedPackage: "com.android.settings", timeoutMs: 1_000 } }],
  },
  {
    name: "wait_for_navigation expectedNode",
    actions: [{ type: "wait_for_navigation", params: { expectedNode: m, timeoutMs: 1_000 } }],
  },
  { name: "read_key_value_pair", actions: [{ type: "read_key_value_pair", params: { labelMatcher: m } }] },
  {
    name: "start_recording / stop_recording",
    actions: [{ type: "start_recording", params: { sessionId: "s1" } }, { type: "stop_recording" }],
  },
  { name: "upper-case action type", actions: [{ type: "SNAPSHOT_UI" }] },
  { name: "press_key upper-case key", actions: [{ type: "press_key", params: { key: "HOME" } }] },
  {
    name: 'matcher field "" counts as present',
    actions: [{ type: "wait_for_node", params: { matcher: { textEquals: "" }, retry: { maxAttempts: 1 } } }],
    hostRefuses:
      "a matcher needs a non-empty field, an empty one matches every unlabeled node (docs/execution.md#nodematcher)",
  },
  {
    name: "64 actions",
    actions: Array.from({ length: 64 }, () => ({ type: "sleep", params: { durationMs: 0 } })),
    hostRefuses: "docs/execution.md#limits: at most 50 actions",
  },
  {
    name: "applicationId of 512 characters",
    actions: [{ type: "open_app", params: { applicationId: `a.${"b".repeat(510)}` } }],
  },
  ...ID_SHAPES.map(({ name, id, hostRefuses }) => ({
    name: `commandId and taskId: ${name}`,
    actions: [{ type: "snapshot_ui" }],
    execution: { commandId: id, taskId: id },
    ...(hostRefuses === undefined ? {} : { hostRefuses: `the device's log lines cannot carry it: ${hostRefuses}` }),
  })),
];

export const REFUSED: ParserRow[] = [
  {
    name: "blank commandId",
    actions: [{ type: "snapshot_ui" }],
    execution: { commandId: "  " },
    refused: "commandId must not be blank",
  },
  {
    name: "blank taskId",
    actions: [{ type: "snapshot_ui" }],
    execution: { taskId: "\t" },
    refused: "taskId must not be blank",
  },
  {
    name: "blank source",
    actions: [{ type: "snapshot_ui" }],
    execution: { source: " " },
    refused: "source must not be blank",
  },
  { name: "blank action id", actions: [{ id: " ", type: "snapshot_ui" }], refused: "id must not be blank" },
  {
    name: "blank applicationId",
    actions: [{ type: "open_app", params: { applicationId: " " } }],
    refused: "applicationId must not be blank",
  },
  { name: "blank uri", actions: [{ type: "open_uri", params: { uri: "  " } }], refused: "uri must not be blank" },
  {
    name: "blank text",
    actions: [{ type: "enter_text", params: { matcher: m, text: " " } }],
    refused: "text must not be blank",
  },
  {
    name: "applicationId over 512",
    actions: [{ type: "open_app", params: { applicationId: "a".repeat(513) } }],
    refused: "applicationId exceeds max length of 512",
  },
  {
    name: "uri over 2048",
    actions: [{ type: "open_uri", params: { uri: `https://x/${"a".repeat(2_040)}` } }],
    refused: "uri exceeds max length of 2048",
  },
  {
    name: "text over 512",
    actions: [{ type: "enter_text", params: { matcher: m, text: "a".repeat(513) } }],
    refused: "text exceeds max length of 512",
  },
  {
    name: "key over 32",
    actions: [{ type: "press_key", params: { key: "h".repeat(33) } }],
    refused: "key exceeds max length of 32",
  },
  {
    name: "more than 64 actions",
    actions: Array.from({ length: 65 }, () => ({ type: "sleep", params: { durationMs: 0 } })),
    refused: "actions exceeds max size of 64",
  },
  { name: "no actions", actions: [], refused: "actions must not be empty" },
  {
    name: "click with neither matcher nor coordinate",
    actions: [{ type: "click", params: {} }],
    refused: "click requires matcher or coordinate",
  },
  {
    name: "click with matcher and coordinate",
    actions: [{ type: "click", params: { matcher: m, coordinate: { x: 1, y: 1 } } }],
    refused: "click matcher and coordinate are mutually exclusive",
  },
  {
    name: "click coordinate negative",
    actions: [{ type: "click", params: { coordinate: { x: -1, y: 1 } } }],
    refused: "coordinate requires non-negative integer x and y",
  },
  {
    name: "unknown clickType",
    actions: [{ type: "click", params: { matcher: m, clickType: "double" } }],
    refused: "unsupported clickType: double",
  },
  {
    name: "matcher with no field",
    actions: [{ type: "wait_for_node", params: { matcher: {} } }],
    refused: "matcher must include at least one matcher field",
  },
  {
    name: "matcher not an object",
    actions: [{ type: "wait_for_node", params: { matcher: "OK" } }],
    refused: "matcher is not a JsonObject",
  },
  {
    name: "read_text regex without validatorPattern",
    actions: [{ type: "read_text", params: { matcher: m, validator: "regex" } }],
    refused: "validatorPattern is required for validator regex",
  },
  {
    name: "read_text regex that does not compile",
    actions: [{ type: "read_text", params: { matcher: m, validator: "regex", validatorPattern: "([a-z" } }],
    refused: "validatorPattern is not a valid regex",
  },
  {
    name: "unknown validator",
    actions: [{ type: "read_text", params: { matcher: m, validator: "email" } }],
    refused: "unsupported validator: email",
  },
  {
    name: "wait_for_navigation without expectation",
    actions: [{ type: "wait_for_navigation", params: { timeoutMs: 1_000 } }],
    refused: "wait_for_navigation requires expectedPackage or expectedNode",
  },
  {
    name: "wait_for_navigation without timeoutMs",
    actions: [{ type: "wait_for_navigation", params: { expectedPackage: "com.x" } }],
    refused: "timeoutMs is required",
  },
  {
    name: "read_key_value_pair without labelMatcher",
    actions: [{ type: "read_key_value_pair", params: {} }],
    refused: "labelMatcher is required",
  },
  {
    name: "unknown press_key key",
    actions: [{ type: "press_key", params: { key: "menu" } }],
    refused: "unsupported key: menu",
  },
  {
    name: "unknown direction",
    actions: [{ type: "scroll", params: { direction: "sideways" } }],
    refused: "unsupported direction: sideways",
  },
  {
    name: "unknown action type",
    actions: [{ type: "snapshot_ui" }, { type: "teleport" }],
    refused: "unsupported action type at index=1: teleport",
  },
];

/** The execution JSON of a row. */
export function rowExecution(row: ParserRow, commandId = "row"): Record<string, unknown> {
  const execution: Record<string, unknown> = {
    commandId,
    taskId: "t",
    source: "test",
    expectedFormat: "android-ui-automator",
    timeoutMs: 30_000,
    actions: row.actions.map((action, i) => ({ id: `a${i + 1}`, ...action })),
  };
  for (const [key, value] of Object.entries(row.execution ?? {})) {
    if (value === undefined) delete execution[key];
    else execution[key] = value;
  }
  return execution;
}
