import type { ArgsDef } from "citty";

/** The device plugin's command flags, as data: the manifest declares them, the handlers read them. */
export const keyArgs = {
  key: {
    type: "positional",
    required: true,
    description:
      "The key: a name (enter, del, tab, escape, dpad_up, volume_down, power, ...), KEYCODE_<NAME> or its number",
  },
  "long-press": { type: "boolean", description: "Hold the key" },
} as const satisfies ArgsDef;

export const swipeArgs = {
  from: { type: "string", description: "Where the finger starts: x,y", valueHint: "x,y" },
  to: { type: "string", description: "Where it ends: x,y", valueHint: "x,y" },
  ref: {
    type: "string",
    description: "Start at the centre of a ref of the latest view instead of --from",
    valueHint: "eN",
  },
  direction: {
    type: "enum",
    options: ["up", "down", "left", "right"],
    description: "Which way the finger moves (with --ref or --from)",
  },
  distance: { type: "string", description: "With --direction: how far, in pixels" },
  "duration-ms": { type: "string", description: "How long the gesture takes (default 300; long press 800; drag 1000)" },
  "long-press": { type: "boolean", description: "Press and hold at --from (or the ref) instead of moving" },
  drag: { type: "boolean", description: "Press, then move (input draganddrop)" },
} as const satisfies ArgsDef;

export const rotationSetArgs = {
  orientation: {
    type: "positional",
    required: true,
    description: "portrait, landscape, reverse-portrait, reverse-landscape or auto (follow the sensor)",
  },
} as const satisfies ArgsDef;

export const logsArgs = {
  package: { type: "string", description: "Only lines of this app's running process" },
  tag: { type: "string", description: "Only lines with this tag" },
  level: { type: "enum", options: ["V", "D", "I", "W", "E", "F"], description: "The lowest priority shown" },
  since: { type: "string", description: "Only lines since then: a duration (90s, 5m, 2h) or an ISO time" },
  lines: { type: "string", description: "The most lines to return (default 200, at most 2000)" },
} as const satisfies ArgsDef;

export const appsListArgs = {
  "third-party": { type: "boolean", description: "Only apps the user installed" },
} as const satisfies ArgsDef;

export const apkArgs = {
  apk: { type: "positional", required: true, description: "Path of the APK file" },
} as const satisfies ArgsDef;

export const packageArgs = {
  package: { type: "positional", required: true, description: "The app's application id, e.g. com.example.app" },
} as const satisfies ArgsDef;
