/**
 * Tables copied from the product spec (its action types and params, action behaviour notes and action params reference;
 * docs/execution.md#action-types holds their facts), not from core/contracts, so the tests check the code against the
 * spec rather than against itself.
 */

const matcher = { resourceId: "com.example.app:id/submit_button" };
/** The spec's `retry` object example (docs/execution.md#retry). */
export const RETRY_EXAMPLE = {
  maxAttempts: 3,
  initialDelayMs: 500,
  maxDelayMs: 3000,
  backoffMultiplier: 2.0,
  jitterRatio: 0.15,
};

export interface ActionSpec {
  /** The "Required params" column, each with a valid value; `undefined` when the action has none. */
  required?: Record<string, unknown>;
  /** Every "Optional params" entry with a valid value. */
  optional: Record<string, unknown>;
  /** Params whose type is a closed set of strings. */
  enums?: Record<string, readonly string[]>;
}

const direction = ["down", "up", "left", "right"] as const;

export const ACTION_SPECS: Readonly<Record<string, ActionSpec>> = {
  open_app: { required: { applicationId: "com.example.app" }, optional: {} },
  open_uri: {
    required: { uri: "market://details?id=com.actionlauncher.playstore" },
    optional: { retry: RETRY_EXAMPLE },
  },
  close_app: { required: { applicationId: "com.example.app" }, optional: {} },
  click: {
    required: { matcher },
    optional: { clickType: "long_click" },
    enums: { clickType: ["default", "long_click", "focus"] },
  },
  enter_text: { required: { matcher, text: "hello world" }, optional: { submit: true, clear: true } },
  read_text: {
    required: { matcher },
    optional: { validator: "temperature", retry: RETRY_EXAMPLE },
    enums: { validator: ["temperature"] },
  },
  wait_for_node: { required: { matcher }, optional: { retry: RETRY_EXAMPLE } },
  snapshot_ui: { optional: { retry: RETRY_EXAMPLE } },
  take_screenshot: { optional: { path: "/tmp/screen.png", retry: RETRY_EXAMPLE } },
  sleep: { required: { durationMs: 3000 }, optional: {} },
  // The spec names the target `target`; the APK's parser reads `matcher`, which the host sends (`target` stays an
  // accepted alias, see aliases.test.ts).
  scroll_and_click: {
    required: { matcher: { textEquals: "Wi-Fi" } },
    optional: {
      container: { resourceId: "android:id/list" },
      direction: "up",
      maxSwipes: 10,
      distanceRatio: 0.7,
      settleDelayMs: 250,
      findFirstScrollableChild: false,
      clickAfter: false,
      scrollRetry: RETRY_EXAMPLE,
      clickRetry: RETRY_EXAMPLE,
    },
    enums: { direction },
  },
  scroll: {
    optional: {
      container: { resourceId: "android:id/list" },
      direction: "left",
      distanceRatio: 0.5,
      settleDelayMs: 250,
      findFirstScrollableChild: true,
      retry: RETRY_EXAMPLE,
    },
    enums: { direction },
  },
  scroll_until: {
    optional: {
      container: { resourceId: "android:id/list" },
      direction: "right",
      distanceRatio: 0.7,
      settleDelayMs: 250,
      maxScrolls: 25,
      maxDurationMs: 10_000,
      noPositionChangeThreshold: 3,
      findFirstScrollableChild: true,
    },
    enums: { direction },
  },
  press_key: { required: { key: "home" }, optional: {}, enums: { key: ["back", "home", "recents"] } },
};

export const CANONICAL_TYPES = Object.keys(ACTION_SPECS);

/** Numeric ranges stated in the spec: [action, param, min, max, smallest step past the boundary]. */
export const PARAM_RANGES: readonly (readonly [string, string, number, number, number])[] = [
  ["sleep", "durationMs", 0, 120_000, 1],
  ["scroll_and_click", "maxSwipes", 1, 50, 1],
  ["scroll_and_click", "distanceRatio", 0, 1, 0.01],
  ["scroll", "distanceRatio", 0, 1, 0.01],
  ["scroll_until", "distanceRatio", 0, 1, 0.01],
  ["scroll_and_click", "settleDelayMs", 0, 10_000, 1],
  ["scroll", "settleDelayMs", 0, 10_000, 1],
  ["scroll_until", "settleDelayMs", 0, 10_000, 1],
  ["scroll_until", "maxScrolls", 1, 200, 1],
  ["scroll_until", "maxDurationMs", 0, 120_000, 1],
  ["scroll_until", "noPositionChangeThreshold", 1, 20, 1],
];

/** Every param that takes the shared `retry` object: [action, param]. */
export const RETRY_PARAMS: readonly (readonly [string, string])[] = Object.entries(ACTION_SPECS).flatMap(
  ([type, spec]) =>
    Object.entries(spec.optional)
      .filter(([, value]) => value === RETRY_EXAMPLE)
      .map(([key]) => [type, key] as const),
);

/**
 * Retry caps (the product's words: "`maxAttempts` is capped at 10. `initialDelayMs` and `maxDelayMs` are capped at
 * 30,000 and 60,000 ms").
 */
export const RETRY_CAPS: readonly (readonly [string, number])[] = [
  ["maxAttempts", 10],
  ["initialDelayMs", 30_000],
  ["maxDelayMs", 60_000],
];

/** NodeMatcher fields (docs/execution.md#nodematcher), each with a realistic value. */
export const MATCHER_EXAMPLES: Readonly<Record<string, string>> = {
  resourceId: "com.example.app:id/element_name",
  contentDescEquals: "Submit button",
  textEquals: "OK",
  textContains: "Submit",
  contentDescContains: "submit",
  role: "textfield",
};

/** Aliases (docs/execution.md#aliases). */
export const ALIASES: Readonly<Record<string, string>> = {
  tap: "click",
  press: "click",
  long_press: "click",
  wait_for: "wait_for_node",
  find: "wait_for_node",
  find_node: "wait_for_node",
  read: "read_text",
  snapshot: "snapshot_ui",
  screenshot: "take_screenshot",
  capture_screenshot: "take_screenshot",
  type_text: "enter_text",
  text_entry: "enter_text",
  input_text: "enter_text",
  open_url: "open_uri",
  key_press: "press_key",
};
