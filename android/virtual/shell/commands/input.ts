import type { Command } from "../command-types.ts";

const SOURCES = new Set([
  "keyboard",
  "mouse",
  "joystick",
  "touchnavigation",
  "touchpad",
  "trackball",
  "stylus",
  "dpad",
  "gamepad",
  "touchscreen",
]);

/** Android's touch slop and long-press timeout (ViewConfiguration), for a swipe that does not move. */
const TOUCH_SLOP_PX = 24;
const LONG_PRESS_MS = 400;

const USAGE = "Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n";

function numbers(values: string[], count: number, optional = 0): number[] | undefined {
  if (values.length < count || values.length > count + optional) return undefined;
  const parsed = values.map(Number);
  if (parsed.some((n) => !Number.isFinite(n))) return undefined;
  return parsed;
}

/** `input text` spells spaces as `%s` (the argument cannot carry them through every shell). */
const inputText = (text: string) => text.replaceAll("%s", " ");

/** `input tap|text|keyevent|swipe|press|roll`, performed on the screen through the UI model. */
export const input: Command = (ctx) => {
  let args = ctx.args;
  if (args[0] !== undefined && SOURCES.has(args[0])) args = args.slice(1);
  if (args[0] === "-d") args = args.slice(2);
  const [verb, ...rest] = args;
  const invalid = () => {
    ctx.stderr(`Error: Invalid arguments for command: ${verb}\n${USAGE}`);
    return 1;
  };
  switch (verb) {
    case "tap": {
      const point = numbers(rest, 2);
      if (!point) return invalid();
      ctx.ui.tapAt(point[0]!, point[1]!);
      return 0;
    }
    case "swipe":
    case "draganddrop": {
      const line = numbers(rest, 4, 1);
      if (!line) return invalid();
      const [x1, y1, x2, y2, duration = 300] = line as [number, number, number, number, number?];
      // A finger that stays put for the long-press timeout is a long press (`input swipe x y x y 1000`).
      if (Math.hypot(x2 - x1, y2 - y1) < TOUCH_SLOP_PX) {
        if (duration >= LONG_PRESS_MS) ctx.ui.touch(x1, y1, "long_click");
        else ctx.ui.tapAt(x1, y1);
        return 0;
      }
      ctx.ui.swipe(x1, y1, x2, y2);
      return 0;
    }
    case "text":
      if (rest.length === 0) return invalid();
      ctx.ui.typeText(inputText(rest.join(" ")));
      return 0;
    case "keyevent": {
      const codes = rest.filter((code) => code !== "--longpress" && code !== "--doubletap");
      if (codes.length === 0) return invalid();
      for (const code of codes) ctx.ui.keyEvent(code);
      return 0;
    }
    case "press":
      ctx.ui.keyEvent("KEYCODE_DPAD_CENTER");
      return 0;
    case "roll": {
      const delta = numbers(rest, 2);
      if (!delta) return invalid();
      const [dx, dy] = delta as [number, number];
      if (dx !== 0) ctx.ui.keyEvent(dx > 0 ? "KEYCODE_DPAD_RIGHT" : "KEYCODE_DPAD_LEFT");
      if (dy !== 0) ctx.ui.keyEvent(dy > 0 ? "KEYCODE_DPAD_DOWN" : "KEYCODE_DPAD_UP");
      return 0;
    }
    default:
      ctx.stderr(verb === undefined ? USAGE : `Error: Unknown command: ${verb}\n${USAGE}`);
      return 1;
  }
};
