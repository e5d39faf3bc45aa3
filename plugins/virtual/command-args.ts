import type { ArgsDef } from "citty";

export const startArgs = {
  scenario: {
    type: "string",
    description:
      "Built-in scenario (default, fresh, no-accessibility, outdated-operator, debug-operator, " +
      "both-operators, dev-options-off, usb-debugging-off) or a scenario file (JSON/YAML)",
    default: "default",
  },
  port: { type: "string", description: "adb port to listen on (default: a free one; 5555-5585 with --emulator)" },
  emulator: { type: "boolean", description: "Appear as emulator-<port-1>, with an emulator console" },
  detach: { type: "boolean", description: "Run in the background and return once the device is ready" },
  unauthorized: { type: "boolean", description: "Refuse adb authorization (adb lists it as unauthorized)" },
} as const satisfies ArgsDef;

export const stopArgs = {
  serial: { type: "positional", required: false, description: "Serial printed by virtual start (same as --device-id)" },
  all: { type: "boolean", description: "Stop every running virtual device" },
} as const satisfies ArgsDef;

export const sdkArgs = {
  dir: { type: "positional", required: false, description: "Folder to write the SDK stand-in into (or --out)" },
  out: { type: "string", description: "Folder to write the SDK stand-in into" },
  bootDelayMs: { type: "string", description: 'How long the emulator takes to boot, in ms, or "never" (default 2000)' },
  register: {
    type: "boolean",
    description: "Emulators register with adb (default true; --no-register for a start that never registers)",
  },
  failImageInstall: { type: "boolean", description: "Make `sdkmanager <system image>` fail like a broken download" },
  omit: { type: "string", description: "Tools to leave out, comma-separated (sdkmanager,avdmanager,emulator)" },
  scenario: { type: "string", description: "Scenario of the emulators' devices (default: default)" },
} as const satisfies ArgsDef;

export const operatorApkArgs = {
  file: { type: "positional", required: false, description: "Where to write the APK (same as --out)" },
  out: { type: "string", description: "Where to write the APK (default: ./clawperator-operator-<version>.apk)" },
  variant: {
    type: "enum",
    options: ["release", "debug"],
    description: "release (com.clawperator.operator, default) or debug (com.clawperator.operator.dev)",
  },
  "version-name": {
    type: "string",
    description:
      "versionName (default: the Operator release this CLI's protocol was read from, 0.5.3; debug builds add -d)",
  },
  "version-code": {
    type: "string",
    description: "versionCode (default: as the APK's build derives it, major*10^7 + minor*10^5 + patch*1000 + 900)",
  },
} as const satisfies ArgsDef;

const device = {
  serial: { type: "positional", required: false, description: "Serial printed by virtual start (same as --device-id)" },
} as const satisfies ArgsDef;

const where = {
  id: { type: "string", description: "What has this resource id (`search` or `com.example:id/search`)" },
  desc: { type: "string", description: "What has this content description" },
  at: { type: "string", description: "A point on the screen: x,y" },
} as const satisfies ArgsDef;

export const touchArgs = {
  ...device,
  text: { type: "string", description: "What shows this text" },
  ...where,
  long: { type: "boolean", description: "A long press instead of a tap" },
} as const satisfies ArgsDef;

export const typeArgs = {
  serial: device.serial,
  value: { type: "positional", required: false, description: "The text to type, one key per character" },
  into: { type: "string", description: "Touch the field showing this text or hint first" },
  ...where,
} as const satisfies ArgsDef;

export const backArgs = device;

export const scrollArgs = {
  ...device,
  direction: {
    type: "enum",
    options: ["down", "up", "left", "right"],
    description: "Where the content should come from (default down: a swipe upwards)",
    default: "down",
  },
} as const satisfies ArgsDef;
