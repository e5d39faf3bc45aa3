import { z } from "zod";
import { ACTION_TYPES, PARAMS_OPTIONAL, type ActionType } from "./action-types.ts";
import { javaRegexProblem } from "./java-regex.ts";
import { LIMITS } from "./limits.ts";
import { NodeMatcherSchema } from "./matcher.ts";
import { RetrySchema } from "./retry.ts";

export {
  ACTION_TYPES,
  INTERNAL_ACTION_TYPES,
  PARAMS_OPTIONAL,
  PUBLIC_ACTION_TYPES,
  type ActionType,
} from "./action-types.ts";

const direction = z.enum(["down", "up", "left", "right"]);
const distanceRatio = z.number().min(0).max(1);
const settleDelayMs = z.number().int().min(0).max(10_000);
/** Text the APK requires: not blank, at most `max` UTF-16 units (docs/protocol.md#action-params). */
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((value) => value.trim() !== "", "must not be blank");
const clickType = z.enum(["default", "click", "long_click", "focus"]);
const retry = RetrySchema.optional();
const coordinate = z.strictObject({ x: z.number().int().min(0), y: z.number().int().min(0) });

const scrollTargeting = {
  container: NodeMatcherSchema.optional(),
  direction: direction.optional(),
  distanceRatio: distanceRatio.optional(),
  settleDelayMs: settleDelayMs.optional(),
  findFirstScrollableChild: z.boolean().optional(),
};

/**
 * Params of every canonical action type: docs/execution.md#action-types, widened to what the real APK's parser
 * accepts (docs/protocol.md#the-apks-command-parser), with the spec's checks kept where stricter.
 */
export const ACTION_PARAMS = {
  open_app: z.strictObject({ applicationId: text(512), retry }),
  open_uri: z.strictObject({ uri: text(2048), retry }),
  close_app: z.strictObject({ applicationId: text(512), retry }),
  click: z
    .strictObject({
      matcher: NodeMatcherSchema.optional(),
      coordinate: coordinate.optional(),
      clickType: clickType.optional(),
      retry,
    })
    .superRefine((p, ctx) => {
      if (p.matcher === undefined && p.coordinate === undefined) {
        ctx.addIssue({ code: "custom", path: ["matcher"], message: "is required (or params.coordinate {x, y})" });
      } else if (p.matcher !== undefined && p.coordinate !== undefined) {
        ctx.addIssue({ code: "custom", path: ["coordinate"], message: "and params.matcher are mutually exclusive" });
      }
    }),
  scroll_and_click: z.strictObject({
    matcher: NodeMatcherSchema,
    ...scrollTargeting,
    clickType: clickType.optional(),
    maxSwipes: z.number().int().min(1).max(50).optional(),
    clickAfter: z.boolean().optional(),
    scrollRetry: retry,
    clickRetry: retry,
  }),
  scroll: z.strictObject({ ...scrollTargeting, retry }),
  scroll_until: z.strictObject({
    ...scrollTargeting,
    matcher: NodeMatcherSchema.optional(),
    clickType: clickType.optional(),
    clickAfter: z.boolean().optional(),
    maxScrolls: z.number().int().min(1).max(200).optional(),
    maxDurationMs: z.number().int().min(0).max(120_000).optional(),
    noPositionChangeThreshold: z.number().int().min(1).max(20).optional(),
  }),
  read_text: z
    .strictObject({
      matcher: NodeMatcherSchema,
      validator: z.enum(["temperature", "version", "regex"]).optional(),
      validatorPattern: z.string().max(LIMITS.MAX_MATCHER_VALUE_LENGTH).optional(),
      all: z.boolean().optional(),
      container: NodeMatcherSchema.optional(),
      retry,
    })
    .superRefine((p, ctx) => {
      if (p.validator === "regex" && p.validatorPattern === undefined) {
        ctx.addIssue({ code: "custom", path: ["validatorPattern"], message: "is required with validator regex" });
      }
      const problem = p.validatorPattern === undefined ? undefined : javaRegexProblem(p.validatorPattern);
      if (problem)
        ctx.addIssue({
          code: "custom",
          path: ["validatorPattern"],
          message: `is not a regular expression the APK can compile: ${problem}`,
        });
    }),
  enter_text: z.strictObject({
    matcher: NodeMatcherSchema,
    text: text(512),
    submit: z.boolean().optional(),
    // Accepted by the contract; the Android runtime ignores it today (docs/execution.md#action-types).
    clear: z.boolean().optional(),
    retry,
  }),
  wait_for_node: z.strictObject({
    matcher: NodeMatcherSchema,
    retry,
    timeoutMs: z.number().int().min(1).max(120_000).optional(),
  }),
  wait_for_navigation: z
    .strictObject({
      expectedPackage: text(512).optional(),
      expectedNode: NodeMatcherSchema.optional(),
      timeoutMs: z.number().int().min(1).max(30_000),
    })
    .refine((p) => p.expectedPackage !== undefined || p.expectedNode !== undefined, {
      message: "needs params.expectedPackage or params.expectedNode",
    }),
  read_key_value_pair: z.strictObject({ labelMatcher: NodeMatcherSchema, retry }),
  snapshot_ui: z.strictObject({ retry }),
  take_screenshot: z.strictObject({ path: z.string().min(1).optional(), retry }),
  start_recording: z.strictObject({ sessionId: text(128).optional() }),
  stop_recording: z.strictObject({ sessionId: text(128).optional() }),
  sleep: z.strictObject({ durationMs: z.number().int().min(0).max(LIMITS.MAX_SLEEP_MS), retry }),
  press_key: z.strictObject({ key: z.enum(["back", "home", "recents"]) }),
  doctor_ping: z.strictObject({}),
} as const satisfies Record<ActionType, z.ZodType>;

export type ActionParams<T extends ActionType> = z.infer<(typeof ACTION_PARAMS)[T]>;

function actionSchema<T extends ActionType>(type: T) {
  const params = PARAMS_OPTIONAL.has(type) ? ACTION_PARAMS[type].optional() : ACTION_PARAMS[type];
  return z.strictObject({
    id: text(LIMITS.MAX_ID_LENGTH),
    type: z.literal(type),
    params,
  });
}

export const ActionSchema = z.discriminatedUnion(
  "type",
  ACTION_TYPES.map((type) => actionSchema(type)) as unknown as [
    ReturnType<typeof actionSchema<ActionType>>,
    ...ReturnType<typeof actionSchema<ActionType>>[],
  ],
);

export type Action = { [T in ActionType]: { id: string; type: T; params?: ActionParams<T> } }[ActionType];
