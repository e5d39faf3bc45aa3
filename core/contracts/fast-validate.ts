import { PARAMS_OPTIONAL, type ActionType } from "./action-types.ts";
import type { Execution } from "./execution.ts";
import { EXPECTED_FORMAT, LIMITS } from "./limits.ts";
import { logUnsafeReason } from "./log-safe-id.ts";
import { ownValue } from "./own-key.ts";

// A hand-specialized mirror of the zod schemas (execution.ts, actions.ts, matcher.ts, retry.ts) for the hot path:
// loading zod and every schema is most of a CLI execute's start-up (bench/RESULTS.md). It answers only "certainly valid"; anything it is not
// sure about (every invalid input, and the rare shapes it leaves to zod) goes to the zod validator, which stays
// the source of truth and writes the error. test/core/contracts/fast-validate.test.ts holds the two to agreement.

type Check = (value: unknown) => boolean;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const keysWithin = (value: Record<string, unknown>, allowed: ReadonlySet<string>) =>
  Object.keys(value).every((k) => allowed.has(k));

const text =
  (max: number): Check =>
  (v) =>
    typeof v === "string" && v.length >= 1 && v.length <= max && v.trim() !== "";
const int =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= max;
const num =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === "number" && Number.isFinite(v) && v >= min && v <= max;
const bool: Check = (v) => typeof v === "boolean";
const oneOf =
  (...words: string[]): Check =>
  (v) =>
    typeof v === "string" && words.includes(v);

const MATCHER_KEYS = new Set([
  "resourceId",
  "contentDescEquals",
  "textEquals",
  "textContains",
  "contentDescContains",
  "role",
]);
const matcher: Check = (v) => {
  if (!isRecord(v) || !keysWithin(v, MATCHER_KEYS)) return false;
  let nonEmpty = false;
  for (const value of Object.values(v)) {
    if (value === undefined) continue;
    if (typeof value !== "string" || value.length > LIMITS.MAX_MATCHER_VALUE_LENGTH) return false;
    nonEmpty ||= value !== "";
  }
  return nonEmpty;
};

const RETRY: Record<string, Check> = {
  maxAttempts: int(1, LIMITS.MAX_RETRY_ATTEMPTS_PER_STEP),
  initialDelayMs: int(0, LIMITS.MAX_RETRY_INITIAL_DELAY_MS),
  maxDelayMs: int(0, LIMITS.MAX_RETRY_MAX_DELAY_MS),
  backoffMultiplier: num(1, 10),
  jitterRatio: num(0, 1),
};
const object =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) &&
    Object.entries(v).every(([k, value]) => value === undefined || (ownValue(fields, k)?.(value) ?? false));
const retry = object(RETRY);
const coordinate: Check = (v) =>
  isRecord(v) &&
  Object.keys(v).length === 2 &&
  int(0, Number.MAX_SAFE_INTEGER)(v.x) &&
  int(0, Number.MAX_SAFE_INTEGER)(v.y);

const direction = oneOf("down", "up", "left", "right");
const clickType = oneOf("default", "click", "long_click", "focus");
const scrollTargeting = {
  container: matcher,
  direction,
  distanceRatio: num(0, 1),
  settleDelayMs: int(0, 10_000),
  findFirstScrollableChild: bool,
};

interface ParamsSpec {
  fields: Record<string, Check>;
  required?: string[];
  /** Extra rule over the whole params object. */
  rule?: (p: Record<string, unknown>) => boolean;
}

const PARAMS: Partial<Record<ActionType, ParamsSpec>> = {
  open_app: { fields: { applicationId: text(512), retry }, required: ["applicationId"] },
  open_uri: { fields: { uri: text(2048), retry }, required: ["uri"] },
  close_app: { fields: { applicationId: text(512), retry }, required: ["applicationId"] },
  click: {
    fields: { matcher, coordinate, clickType, retry },
    rule: (p) => (p.matcher === undefined) !== (p.coordinate === undefined),
  },
  scroll_and_click: {
    fields: {
      matcher,
      ...scrollTargeting,
      clickType,
      maxSwipes: int(1, 50),
      clickAfter: bool,
      scrollRetry: retry,
      clickRetry: retry,
    },
    required: ["matcher"],
  },
  scroll: { fields: { ...scrollTargeting, retry } },
  scroll_until: {
    fields: {
      ...scrollTargeting,
      matcher,
      clickType,
      clickAfter: bool,
      maxScrolls: int(1, 200),
      maxDurationMs: int(0, 120_000),
      noPositionChangeThreshold: int(1, 20),
    },
  },
  // validatorPattern is left to zod: whether a pattern compiles is its check.
  read_text: {
    fields: { matcher, validator: oneOf("temperature", "version"), all: bool, container: matcher, retry },
    required: ["matcher"],
  },
  enter_text: { fields: { matcher, text: text(512), submit: bool, clear: bool, retry }, required: ["matcher", "text"] },
  wait_for_node: { fields: { matcher, retry, timeoutMs: int(1, 120_000) }, required: ["matcher"] },
  wait_for_navigation: {
    fields: { expectedPackage: text(512), expectedNode: matcher, timeoutMs: int(1, 30_000) },
    required: ["timeoutMs"],
    rule: (p) => p.expectedPackage !== undefined || p.expectedNode !== undefined,
  },
  read_key_value_pair: { fields: { labelMatcher: matcher, retry }, required: ["labelMatcher"] },
  snapshot_ui: { fields: { retry } },
  take_screenshot: { fields: { path: (v) => typeof v === "string" && v.length >= 1, retry } },
  start_recording: { fields: { sessionId: text(128) } },
  stop_recording: { fields: { sessionId: text(128) } },
  sleep: { fields: { durationMs: int(0, LIMITS.MAX_SLEEP_MS), retry }, required: ["durationMs"] },
  press_key: { fields: { key: oneOf("back", "home", "recents") }, required: ["key"] },
  doctor_ping: { fields: {} },
};

const ACTION_KEYS = new Set(["id", "type", "params"]);
const EXECUTION_KEYS = new Set(["commandId", "taskId", "source", "expectedFormat", "timeoutMs", "actions", "mode"]);

function validAction(action: unknown): boolean {
  if (!isRecord(action) || !keysWithin(action, ACTION_KEYS) || !text(LIMITS.MAX_ID_LENGTH)(action.id)) return false;
  const spec = typeof action.type === "string" ? ownValue(PARAMS, action.type) : undefined;
  if (!spec) return false;
  const params = action.params;
  if (params === undefined) return PARAMS_OPTIONAL.has(action.type as ActionType);
  if (!isRecord(params)) return false;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const check = ownValue(spec.fields, key);
    if (!check?.(value)) return false;
  }
  if (spec.required?.some((key) => params[key] === undefined)) return false;
  return spec.rule?.(params) ?? true;
}

/**
 * The execution itself when the zod schemas would accept it as it is (they add nothing to a valid input), or
 * undefined when only they can tell. `candidate` is already normalized (normalize-execution.ts).
 */
export function fastValidExecution(candidate: Record<string, unknown>): Execution | undefined {
  const c = candidate;
  if (!keysWithin(c, EXECUTION_KEYS)) return undefined;
  if (
    !text(LIMITS.MAX_ID_LENGTH)(c.commandId) ||
    !text(LIMITS.MAX_ID_LENGTH)(c.taskId) ||
    !text(LIMITS.MAX_SOURCE_LENGTH)(c.source) ||
    logUnsafeReason(c.commandId as string) !== undefined ||
    logUnsafeReason(c.taskId as string) !== undefined
  )
    return undefined;
  if (
    c.expectedFormat !== EXPECTED_FORMAT ||
    !int(LIMITS.MIN_EXECUTION_TIMEOUT_MS, LIMITS.MAX_EXECUTION_TIMEOUT_MS)(c.timeoutMs)
  )
    return undefined;
  if (c.mode !== undefined && c.mode !== "artifact_compiled" && c.mode !== "direct") return undefined;
  if (!Array.isArray(c.actions) || c.actions.length < 1 || c.actions.length > LIMITS.MAX_EXECUTION_ACTIONS)
    return undefined;
  return c.actions.every(validAction) ? (c as unknown as Execution) : undefined;
}
