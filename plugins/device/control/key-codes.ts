import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { nearest } from "../../../core/contracts/nearest.ts";

/** Android's KeyEvent codes by name (KEYCODE_ without its prefix), those agents press. */
const CODES: Readonly<Record<string, number>> = {
  HOME: 3,
  BACK: 4,
  CALL: 5,
  ENDCALL: 6,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  CAMERA: 27,
  CLEAR: 28,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  MENU: 82,
  NOTIFICATION: 83,
  SEARCH: 84,
  MEDIA_PLAY_PAUSE: 85,
  MEDIA_STOP: 86,
  MEDIA_NEXT: 87,
  MEDIA_PREVIOUS: 88,
  MEDIA_REWIND: 89,
  MEDIA_FAST_FORWARD: 90,
  MUTE: 91,
  PAGE_UP: 92,
  PAGE_DOWN: 93,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  MEDIA_PLAY: 126,
  MEDIA_PAUSE: 127,
  VOLUME_MUTE: 164,
  APP_SWITCH: 187,
  BRIGHTNESS_DOWN: 220,
  BRIGHTNESS_UP: 221,
  SLEEP: 223,
  WAKEUP: 224,
};

/** Short names people use for some keys. */
const ALIASES: Readonly<Record<string, string>> = {
  RECENTS: "APP_SWITCH",
  BACKSPACE: "DEL",
  DELETE: "FORWARD_DEL",
  ESC: "ESCAPE",
  RETURN: "ENTER",
  UP: "DPAD_UP",
  DOWN: "DPAD_DOWN",
  LEFT: "DPAD_LEFT",
  RIGHT: "DPAD_RIGHT",
  CENTER: "DPAD_CENTER",
};

/** Keys that turn the screen off or wake it: a tool marks them destructive. */
export const SCREEN_KEYS = new Set([CODES.POWER, CODES.SLEEP, CODES.WAKEUP, CODES.ENDCALL]);

/** A key as an agent names it (`enter`, `KEYCODE_ENTER`, `66`, `dpad_up`): its canonical name and code. */
export function keyCode(key: string | number): { name: string; code: number } {
  if (typeof key === "number" || /^\d+$/.test(key)) {
    const code = Number(key);
    const name = Object.entries(CODES).find(([, c]) => c === code)?.[0] ?? String(code);
    return { name: name === String(code) ? name : `KEYCODE_${name}`, code };
  }
  const raw = key
    .trim()
    .toUpperCase()
    .replace(/-/g, "_")
    .replace(/^KEYCODE_/, "");
  const name = ALIASES[raw] ?? raw;
  const code = Object.hasOwn(CODES, name) ? CODES[name] : undefined;
  if (code === undefined) {
    const close = nearest(
      raw.toLowerCase(),
      [...Object.keys(CODES), ...Object.keys(ALIASES)].map((n) => n.toLowerCase()),
    );
    throw new ClawperatorError(
      "EXECUTION_VALIDATION_FAILED",
      `key: ${JSON.stringify(key)} is not an Android key name${close ? `; did you mean ${close}?` : ""}`,
      {
        hint: "Name a key (enter, del, tab, escape, dpad_up, volume_down, power, ...), KEYCODE_<NAME> or its number.",
        details: { path: "key" },
      },
    );
  }
  return { name: `KEYCODE_${name}`, code };
}
