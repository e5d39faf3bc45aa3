import { z } from "zod";

/**
 * The inputs of the host-side device tools (keys, gestures, rotation, apps, logs, facts), one schema each: the CLI,
 * the HTTP routes, the agent tools and the programmatic API validate with these, so every surface refuses the same
 * input with the same message (EXECUTION_VALIDATION_FAILED naming the path).
 */
const Point = z.strictObject({ x: z.number().int().min(0).max(100_000), y: z.number().int().min(0).max(100_000) });
export type Point = z.infer<typeof Point>;

export const KeyInput = z.strictObject({
  key: z
    .union([z.string().min(1).max(64), z.number().int().min(0).max(400)])
    .describe(
      "an Android key: a name (enter, del, tab, escape, dpad_up, volume_down, power, media_play_pause, ...), its KEYCODE_ name, or its number",
    ),
  longPress: z.boolean().optional().describe("hold the key (input keyevent --longpress)"),
});
export type KeyInput = z.infer<typeof KeyInput>;

export const SWIPE_DIRECTIONS = ["up", "down", "left", "right"] as const;

export const SwipeFields = z.strictObject({
  from: Point.optional().describe("where the finger starts (screen pixels)"),
  to: Point.optional().describe("where it ends; with `ref`, give `direction` instead"),
  ref: z
    .string()
    .regex(/^e[1-9]\d*$/)
    .optional()
    .describe("start at the centre of a ref of the latest view instead of `from`"),
  direction: z.enum(SWIPE_DIRECTIONS).optional().describe("with `ref` or `from`: which way the finger moves"),
  distance: z.number().int().min(1).max(100_000).optional().describe("with `direction`: how far, in pixels"),
  durationMs: z.number().int().min(0).max(10_000).optional().describe("how long the gesture takes (ms)"),
  kind: z
    .enum(["swipe", "long-press", "drag"])
    .optional()
    .describe("swipe (default, 300 ms), long-press (stays at `from`, 800 ms), drag (press, then move, 1000 ms)"),
});

/** A gesture starts at `from` or a ref, and (unless it is a long press) ends at `to` or goes in a `direction`. */
export function checkSwipe(s: z.infer<typeof SwipeFields>, ctx: z.RefinementCtx): void {
  if ((s.from === undefined) === (s.ref === undefined))
    ctx.addIssue({ code: "custom", message: "give `from` or `ref` (one of them)", path: ["from"] });
  if (s.kind === "long-press") return;
  if ((s.to === undefined) === (s.direction === undefined))
    ctx.addIssue({ code: "custom", message: "give `to` or `direction` (one of them)", path: ["to"] });
}

export const SwipeInput = SwipeFields.superRefine(checkSwipe);
export type SwipeInput = z.infer<typeof SwipeInput>;

export const ORIENTATIONS = ["portrait", "landscape", "reverse-portrait", "reverse-landscape"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const RotationInput = z.strictObject({
  set: z
    .enum([...ORIENTATIONS, "auto"])
    .optional()
    .describe("lock the screen in this orientation, or let it follow the sensor (auto); without it, only read it"),
});
export type RotationInput = z.infer<typeof RotationInput>;

export const AppsListInput = z.strictObject({
  thirdParty: z.boolean().optional().describe("only apps the user installed"),
});

const PACKAGE = z
  .string()
  .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/, "an Android application id, e.g. com.example.app")
  .describe("the app's application id (package name)");

export const AppInput = z.strictObject({ package: PACKAGE });

export const InstallInput = z.strictObject({
  apk: z.string().min(1).max(4096).describe("path of the APK file on the host"),
});

export const LOG_LEVELS = ["V", "D", "I", "W", "E", "F"] as const;

export const LogsInput = z.strictObject({
  package: PACKAGE.optional().describe("only lines of this app's running process"),
  tag: z
    .string()
    .regex(/^[\w.$-]{1,64}$/, "a log tag: letters, digits and . _ $ -")
    .optional()
    .describe("only lines with this tag"),
  level: z.enum(LOG_LEVELS).optional().describe("the lowest priority shown: V D I W E F"),
  since: z
    .string()
    .regex(/^(\d+(ms|s|m|h)|\d{4}-\d\d-\d\dT[\d:.]+Z?)$/, "a duration (90s, 5m, 2h) or an ISO time")
    .optional()
    .describe("only lines since then: a duration back from now on the device (90s, 5m, 2h) or an ISO time"),
  lines: z.number().int().min(1).max(2_000).optional().describe("the most lines to return (default 200)"),
});
export type LogsInput = z.infer<typeof LogsInput>;

export const NoInput = z.strictObject({});
