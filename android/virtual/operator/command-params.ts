import { z } from "zod";
import { RETRY_PRESETS, type RetryPreset } from "../../../core/contracts/retry.ts";
import { choice, flag, integerIn, numberIn, optionalText, requiredText } from "./lenient-fields.ts";

const MATCHER_VALUE_MAX = 512;
const URI_MAX = 2048;

/** The APK's preset for open_app / open_uri (TaskRetryPresets.AppLaunch). */
export const APP_LAUNCH_RETRY: RetryPreset = { maxAttempts: 4, initialDelayMs: 750, maxDelayMs: 4_000, backoffMultiplier: 2.0, jitterRatio: 0.15 };

const matcherValue = optionalText(MATCHER_VALUE_MAX);

/** NodeMatcher: every given field must match (AND); at least one field must be given. */
const matcher = z
  .object(
    {
      resourceId: matcherValue,
      role: matcherValue,
      textEquals: matcherValue,
      textContains: matcherValue,
      contentDescEquals: matcherValue,
      contentDescContains: matcherValue,
    },
    { error: "is required" },
  )
  .refine((m) => Object.values(m).some((value) => value !== undefined), "must include at least one matcher field");

export type OperatorMatcher = z.output<typeof matcher>;

/** A retry object overrides the preset as a whole; its own omitted fields take the APK's neutral defaults. */
const retryOr = (preset: RetryPreset) =>
  z
    .object({
      maxAttempts: integerIn(1, 1, 10),
      initialDelayMs: integerIn(0, 0, 30_000),
      maxDelayMs: z.unknown().optional(),
      backoffMultiplier: numberIn(1.0, 1.0, 5.0),
      jitterRatio: numberIn(0, 0, 1),
    })
    // maxDelayMs defaults to, and never goes below, initialDelayMs.
    .transform(({ maxDelayMs, ...retry }): RetryPreset => ({
      ...retry,
      maxDelayMs: integerIn(retry.initialDelayMs, retry.initialDelayMs, 60_000).parse(maxDelayMs),
    }))
    .optional()
    .transform((retry) => retry ?? preset);

const words = <T extends string>(entries: Record<string, T>) => new Map(Object.entries(entries));

export type ScrollDirectionParam = "down" | "up" | "left" | "right";
export type ClickTypeParam = "click" | "long_click" | "focus";

const direction = choice("direction", words<ScrollDirectionParam>({ down: "down", up: "up", left: "left", right: "right" }), "down");
const clickType = choice("clickType", words<ClickTypeParam>({ default: "click", click: "click", long_click: "long_click", longclick: "long_click", focus: "focus" }), "click");

const scrollTargeting = {
  container: matcher.optional(),
  direction,
  distanceRatio: numberIn(0.7, 0, 1),
  settleDelayMs: integerIn(250, 0, 10_000),
  findFirstScrollableChild: flag(true),
};

/** Params of every action type the APK's parser knows, with its defaults and clamps (spec/001 "Action Reference"). */
export const ACTION_PARAMS = {
  open_app: z.object({ applicationId: requiredText(MATCHER_VALUE_MAX), retry: retryOr(APP_LAUNCH_RETRY) }),
  open_uri: z.object({ uri: requiredText(URI_MAX), retry: retryOr(APP_LAUNCH_RETRY) }),
  close_app: z.object({ applicationId: requiredText(MATCHER_VALUE_MAX) }),
  wait_for_node: z.object({ matcher, retry: retryOr(RETRY_PRESETS.UiReadiness) }),
  click: z.object({ matcher, clickType, retry: retryOr(RETRY_PRESETS.UiReadiness) }),
  scroll_and_click: z.object({
    target: matcher,
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
    maxScrolls: integerIn(20, 1, 200),
    maxDurationMs: integerIn(10_000, 0, 120_000),
    noPositionChangeThreshold: integerIn(3, 1, 20),
  }),
  read_text: z.object({
    matcher,
    validator: choice("validator", words({ temperature: "temperature" as const }), "none" as const),
    retry: retryOr(RETRY_PRESETS.UiReadiness),
  }),
  enter_text: z.object({ matcher, text: requiredText(MATCHER_VALUE_MAX), submit: flag(false), retry: retryOr(RETRY_PRESETS.UiReadiness) }),
  snapshot_ui: z.object({}),
  take_screenshot: z.object({}),
  doctor_ping: z.object({}),
  press_key: z.object({ key: choice("key", words({ back: "back" as const, home: "home" as const, recents: "recents" as const })) }),
  sleep: z.object({ durationMs: integerIn(0, 0, 120_000) }),
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
