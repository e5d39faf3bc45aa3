import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { NodeMatcherSchema } from "./matcher.ts";
import { RetrySchema } from "./retry.ts";

const direction = z.enum(["down", "up", "left", "right"]);
const distanceRatio = z.number().min(0).max(1);
const settleDelayMs = z.number().int().min(0).max(10_000);
const nonEmpty = z.string().min(1);

const scrollTargeting = {
  container: NodeMatcherSchema.optional(),
  direction: direction.optional(),
  distanceRatio: distanceRatio.optional(),
  settleDelayMs: settleDelayMs.optional(),
  findFirstScrollableChild: z.boolean().optional(),
};

/** Params of every canonical action type (spec/001 "Action types and params"). */
export const ACTION_PARAMS = {
  open_app: z.strictObject({ applicationId: nonEmpty }),
  open_uri: z.strictObject({ uri: nonEmpty, retry: RetrySchema.optional() }),
  close_app: z.strictObject({ applicationId: nonEmpty }),
  click: z.strictObject({
    matcher: NodeMatcherSchema,
    clickType: z.enum(["default", "long_click", "focus"]).optional(),
  }),
  scroll_and_click: z.strictObject({
    target: NodeMatcherSchema,
    ...scrollTargeting,
    maxSwipes: z.number().int().min(1).max(50).optional(),
    clickAfter: z.boolean().optional(),
    scrollRetry: RetrySchema.optional(),
    clickRetry: RetrySchema.optional(),
  }),
  scroll: z.strictObject({ ...scrollTargeting, retry: RetrySchema.optional() }),
  scroll_until: z.strictObject({
    ...scrollTargeting,
    maxScrolls: z.number().int().min(1).max(200).optional(),
    maxDurationMs: z.number().int().min(0).max(120_000).optional(),
    noPositionChangeThreshold: z.number().int().min(1).max(20).optional(),
  }),
  read_text: z.strictObject({
    matcher: NodeMatcherSchema,
    validator: z.literal("temperature").optional(),
    retry: RetrySchema.optional(),
  }),
  enter_text: z.strictObject({
    matcher: NodeMatcherSchema,
    text: z.string(),
    submit: z.boolean().optional(),
    // Accepted by the contract; the Android runtime ignores it today (spec/001).
    clear: z.boolean().optional(),
  }),
  wait_for_node: z.strictObject({ matcher: NodeMatcherSchema, retry: RetrySchema.optional() }),
  snapshot_ui: z.strictObject({ retry: RetrySchema.optional() }),
  take_screenshot: z.strictObject({ path: nonEmpty.optional(), retry: RetrySchema.optional() }),
  sleep: z.strictObject({ durationMs: z.number().int().min(0).max(LIMITS.MAX_SLEEP_MS) }),
  press_key: z.strictObject({ key: z.enum(["back", "home", "recents"]) }),
  doctor_ping: z.strictObject({}),
} as const;

export type ActionType = keyof typeof ACTION_PARAMS;

/** Action types agents may send; doctor_ping is reserved for the doctor handshake. */
export const PUBLIC_ACTION_TYPES = (Object.keys(ACTION_PARAMS) as ActionType[]).filter((t) => t !== "doctor_ping");
export const INTERNAL_ACTION_TYPES: readonly ActionType[] = ["doctor_ping"];

/** Actions whose params object may be omitted (no required param). */
export const PARAMS_OPTIONAL: ReadonlySet<ActionType> = new Set(["scroll", "scroll_until", "snapshot_ui", "take_screenshot", "doctor_ping"]);

/** Defaults the device applies to omitted params; documented here so every consumer uses the same values. */
export const ACTION_DEFAULTS = {
  click: { clickType: "default" },
  enter_text: { submit: false, clear: false },
  scroll_and_click: {
    direction: "down", maxSwipes: 10, distanceRatio: 0.7, settleDelayMs: 250, findFirstScrollableChild: true, clickAfter: true,
  },
  scroll: { direction: "down", distanceRatio: 0.7, settleDelayMs: 250, findFirstScrollableChild: true },
  scroll_until: {
    direction: "down", distanceRatio: 0.7, settleDelayMs: 250, maxScrolls: 20, maxDurationMs: 10_000,
    noPositionChangeThreshold: 3, findFirstScrollableChild: true,
  },
} as const;

export type ActionParams<T extends ActionType> = z.infer<(typeof ACTION_PARAMS)[T]>;

function actionSchema<T extends ActionType>(type: T) {
  const params = PARAMS_OPTIONAL.has(type) ? ACTION_PARAMS[type].optional() : ACTION_PARAMS[type];
  return z.strictObject({
    id: z.string().min(1).max(LIMITS.MAX_ID_LENGTH),
    type: z.literal(type),
    params,
  });
}

export const ActionSchema = z.discriminatedUnion(
  "type",
  (Object.keys(ACTION_PARAMS) as ActionType[]).map((type) => actionSchema(type)) as unknown as [
    ReturnType<typeof actionSchema<ActionType>>,
    ...ReturnType<typeof actionSchema<ActionType>>[],
  ],
);

export type Action = { [T in ActionType]: { id: string; type: T; params?: ActionParams<T> } }[ActionType];
