/** The safety bounds of an execution (docs/execution.md#limits). */
export const LIMITS = {
  MAX_EXECUTION_ACTIONS: 50,
  MIN_EXECUTION_TIMEOUT_MS: 1_000,
  MAX_EXECUTION_TIMEOUT_MS: 120_000,
  MAX_PAYLOAD_BYTES: 64_000,
  /**
   * How much of an execution's file, stdin or inline text is read: the payload limit with room for what compacts
   * away (indentation, `\u` escapes, aliases). Not a spec bound; the payload limit is checked after parsing. The
   * same as `serve`'s default request body limit.
   */
  MAX_EXECUTION_INPUT_BYTES: 262_144,
  MAX_ID_LENGTH: 128,
  MAX_SOURCE_LENGTH: 64,
  MAX_MATCHER_VALUE_LENGTH: 512,
  MAX_RETRY_ATTEMPTS_PER_STEP: 10,
  MAX_RETRY_INITIAL_DELAY_MS: 30_000,
  MAX_RETRY_MAX_DELAY_MS: 60_000,
  MAX_SLEEP_MS: 120_000,
  MAX_SNAPSHOT_LINES: 2_000,
  MAX_SNAPSHOT_BYTES: 262_144,
  /**
   * How deeply an execution's JSON may nest (objects and arrays). Not a spec bound: the deepest valid execution
   * nests about 6 levels, and a bound keeps recursive serialization and validation off the stack limit.
   */
  MAX_NESTING_DEPTH: 64,
  /** After a RESULT_ENVELOPE_TIMEOUT the device stays locked this long (docs/execution.md#device-lock). */
  TIMEOUT_SETTLE_MS: 2_000,
} as const;

export const EXPECTED_FORMAT = "android-ui-automator";

export const OPERATOR_PACKAGES = {
  release: "com.clawperator.operator",
  debug: "com.clawperator.operator.dev",
} as const;

export const DEFAULT_OPERATOR_PACKAGE = OPERATOR_PACKAGES.release;
