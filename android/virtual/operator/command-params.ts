import { z } from "zod";
import { RETRY_PRESETS, type RetryPreset } from "../../../core/contracts/retry.ts";
import { javaRegexProblem } from "../../../core/contracts/java-regex.ts";
import {
  choice,
  flag,
  integerIn,
  jsonObject,
  numberIn,
  optionalInteger,
  optionalNonBlankText,
  optionalText,
  requiredText,
} from "./lenient-fields.ts";

const MATCHER_VALUE_MAX = 512;

/** The APK's TaskRetryPresets that core's RETRY_PRESETS does not name. */
export const APP_LAUNCH_RETRY: RetryPreset = {
  maxAttempts: 4,
  initialDelayMs: 750,
  maxDelayMs: 4_000,
  backoffMultiplier: 2.0,
  jitterRatio: 0.15,
};
export const APP_CLOSE_RETRY: RetryPreset = {
  maxAttempts: 4,
  initialDelayMs: 400,
  maxDelayMs: 2_000,
  backoffMultiplier: 2.0,
  jitterRatio: 0.15,
};

const MATCHER_KEYS = [
  "resourceId",
  "role",
  "textEquals",
  "textContains",
  "contentDescEquals",
  "contentDescContains",
] as const;
const matcherValue = optionalText(MATCHER_VALUE_MAX);

/** NodeMatcher: every given field must match (AND); at least one field must be present (`""` counts). */
const matcher = jsonObject(
  z.object(
    Object.fromEntries(MATCHER_KEYS.map((key) => [key, matcherValue])) as Record<
      (typeof MATCHER_KEYS)[number],
      typeof matcherValue
    >,
    {
      error: "is required",
    },
  ),
).refine((m) => Object.values(m).some((value) => value !== undefined), "must include at least one matcher field");

export type OperatorMatcher = z.output<typeof matcher>;

/** A retry object overrides the preset as a whole; its own omitted fields take the APK's neutral defaults. */
const retryOr = (preset: RetryPreset) =>
  jsonObject(
    z
      .object({
        maxAttempts: integerIn(1, 1, 10),
        initialDelayMs: integerIn(0, 0, 30_000),
        maxDelayMs: z.unknown().optional(),
        backoffMultiplier: numberIn(1.0, 1.0, 5.0),
        jitterRatio: numberIn(0, 0, 1),
      })
      // maxDelayMs defaults to, and never goes below, initialDelayMs.
      .transform(
        ({ maxDelayMs, ...retry }): RetryPreset => ({
          ...retry,
          maxDelayMs: integerIn(retry.initialDelayMs, retry.initialDelayMs, 60_000).parse(maxDelayMs),
        }),
      ),
  )
    .optional()
    .transform((retry) => retry ?? preset);

const words = <T extends string>(entries: Record<string, T>) => new Map(Object.entries(entries));

export type ScrollDirectionParam = "down" | "up" | "left" | "right";
type GlobalKeyParam = "back" | "home" | "recents";
export type ClickTypeParam = "click" | "long_click" | "focus";

const direction = choice(
  "direction",
  words<ScrollDirectionParam>({ down: "down", up: "up", left: "left", right: "right" }),
  "down",
);
const clickType = choice(
  "clickType",
  words<ClickTypeParam>({
    default: "click",
    click: "click",
    long_click: "long_click",
    longclick: "long_click",
    focus: "focus",
  }),
  "click",
);

const coordinate = jsonObject(
  z.object({ x: z.unknown(), y: z.unknown() }).transform((c, ctx) => {
    const whole = (v: unknown) =>
      typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
    const x = whole(c.x);
    const y = whole(c.y);
    if (Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0) return { x, y };
    ctx.addIssue({ code: "custom", message: "coordinate requires non-negative integer x and y" });
    return z.NEVER;
  }),
);

const scrollTargeting = {
  container: matcher.optional(),
  direction,
  distanceRatio: numberIn(0.7, 0, 1),
  settleDelayMs: integerIn(250, 0, 10_000),
  findFirstScrollableChild: flag(true),
};

const validator = choice(
  "validator",
  words({ temperature: "temperature" as const, version: "version" as const, regex: "regex" as const }),
  "none" as const,
);

/**
 * Params of every action type the APK's parser knows, with its defaults and clamps (docs/protocol.md#action-params).
 */
export const ACTION_PARAMS = {
  open_app: z.object({ applicationId: requiredText(512), retry: retryOr(APP_LAUNCH_RETRY) }),
  open_uri: z.object({ uri: requiredText(2048), retry: retryOr(APP_LAUNCH_RETRY) }),
  close_app: z.object({ applicationId: requiredText(512), retry: retryOr(APP_CLOSE_RETRY) }),
  wait_for_node: z.object({
    matcher,
    retry: retryOr(RETRY_PRESETS.UiReadiness),
    timeoutMs: optionalInteger(1, 120_000),
  }),
  click: z
    .object({
      matcher: matcher.optional(),
      coordinate: coordinate.optional(),
      clickType,
      retry: retryOr(RETRY_PRESETS.UiReadiness),
    })
    .superRefine((p, ctx) => {
      if (p.matcher === undefined && p.coordinate === undefined)
        ctx.addIssue({ code: "custom", message: "click requires matcher or coordinate" });
      if (p.matcher !== undefined && p.coordinate !== undefined)
        ctx.addIssue({ code: "custom", message: "click matcher and coordinate are mutually exclusive" });
    }),
  scroll_and_click: z.object({
    matcher,
    ...scrollTargeting,
    clickType,
    maxSwipes: integerIn(10, 1, 50),
    clickAfter: flag(true),
    scrollRetry: retryOr(RETRY_PRESETS.UiScroll),
    clickRetry: retryOr(RETRY_PRESETS.UiReadiness),
  }),
  scroll: z.object({ ...scrollTargeting, retry: retryOr(RETRY_PRESETS.None) }),
  scroll_until: z.object({
    ...scrollTargeting,
    matcher: matcher.optional(),
    clickType,
    clickAfter: flag(false),
    maxScrolls: integerIn(20, 1, 200),
    maxDurationMs: integerIn(10_000, 0, 120_000),
    noPositionChangeThreshold: integerIn(3, 1, 20),
  }),
  wait_for_navigation: z
    .object({
      expectedPackage: optionalText(512),
      expectedNode: matcher.optional(),
      timeoutMs: optionalInteger(1, 30_000),
    })
    .superRefine((p, ctx) => {
      if (p.expectedPackage === undefined && p.expectedNode === undefined) {
        ctx.addIssue({ code: "custom", message: "wait_for_navigation requires expectedPackage or expectedNode" });
      }
      if (p.timeoutMs === undefined) ctx.addIssue({ code: "custom", message: "timeoutMs is required" });
    }),
  read_key_value_pair: z.object({ labelMatcher: matcher, retry: retryOr(RETRY_PRESETS.UiReadiness) }),
  read_text: z
    .object({
      matcher,
      validator,
      validatorPattern: optionalText(MATCHER_VALUE_MAX),
      all: flag(false),
      container: matcher.optional(),
      retry: retryOr(RETRY_PRESETS.UiReadiness),
    })
    .superRefine((p, ctx) => {
      if (p.validator !== "regex") return;
      if (p.validatorPattern === undefined)
        return ctx.addIssue({ code: "custom", message: "validatorPattern is required for validator regex" });
      const problem = javaRegexProblem(p.validatorPattern);
      if (problem) ctx.addIssue({ code: "custom", message: `validatorPattern is not a valid regex: ${problem}` });
    }),
  enter_text: z.object({
    matcher,
    text: requiredText(512),
    submit: flag(false),
    retry: retryOr(RETRY_PRESETS.UiReadiness),
  }),
  snapshot_ui: z.object({ retry: retryOr(RETRY_PRESETS.UiReadiness) }),
  start_recording: z.object({ sessionId: optionalNonBlankText(128) }),
  stop_recording: z.object({ sessionId: optionalNonBlankText(128) }),
  take_screenshot: z.object({ retry: retryOr(RETRY_PRESETS.None) }),
  doctor_ping: z.object({}),
  press_key: z.object({
    key: requiredText(32).pipe(
      choice("key", words({ back: "back" as const, home: "home" as const, recents: "recents" as const })) as z.ZodType<
        GlobalKeyParam,
        string
      >,
    ),
  }),
  sleep: z.object({ durationMs: integerIn(0, 0, 120_000), retry: retryOr(RETRY_PRESETS.None) }),
} as const;

export type OperatorActionType = keyof typeof ACTION_PARAMS;

/** Other spellings the APK's parser accepts for an action type. */
export const ACTION_TYPE_ALIASES: Readonly<Record<string, OperatorActionType>> = {
  find_node: "wait_for_node",
  type_text: "enter_text",
  key_press: "press_key",
};

export type OperatorAction = {
  [T in OperatorActionType]: { id: string; type: T; params: z.output<(typeof ACTION_PARAMS)[T]> };
}[OperatorActionType];

export type ActionOf<T extends OperatorActionType> = Extract<OperatorAction, { type: T }>;
