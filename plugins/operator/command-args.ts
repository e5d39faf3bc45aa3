import type { ArgsDef } from "citty";

/** The operator plugin's command flags, as data: the manifest declares them, the handlers are typed from them. */
export const executeArgs = {
  file: {
    type: "positional",
    required: false,
    description: "Path to an execution JSON file (same as --execution <path>)",
  },
  execution: {
    type: "string",
    description: "Execution as inline JSON, a path to a JSON file, or - for stdin",
    valueHint: "json|path",
  },
  "validate-only": {
    type: "boolean",
    description: "Validate and print the normalized canonical execution; needs no device",
  },
  "device-envelope": {
    type: "boolean",
    description: "Also print the envelope exactly as the device sent it (deviceEnvelope), before the host finished it",
  },
} as const satisfies ArgsDef;

export const screenshotArgs = {
  path: {
    type: "string",
    description: "Where to write the PNG (default: a temp file); an existing file that is not a PNG is kept",
  },
  force: { type: "boolean", description: "Replace the file at --path even if it is not a PNG" },
} as const satisfies ArgsDef;

export const selectorArgs = {
  selector: {
    type: "string",
    description: 'NodeMatcher JSON, e.g. \'{"resourceId":"com.example:id/ok"}\'',
    valueHint: "json",
  },
  text: { type: "string", description: 'Shorthand for {"textEquals": <text>}' },
  "resource-id": { type: "string", description: 'Shorthand for {"resourceId": <id>}' },
  id: { type: "string", description: "Same as --resource-id" },
  desc: { type: "string", description: 'Shorthand for {"contentDescEquals": <desc>}' },
  role: { type: "string", description: 'Shorthand for {"role": <role>} (button, textfield, switch, ...)' },
} as const satisfies ArgsDef;

/** Acting on a node of the agent view by its ref, instead of a selector. */
export const refArgs = {
  ref: {
    type: "string",
    description: "A ref of the device's latest view (observe view), e.g. e12, instead of a selector",
    valueHint: "eN",
  },
} as const satisfies ArgsDef;

/** Act and see: the view of the screen after the action, from the same execution, once it has settled. */
export const viewArgs = {
  view: {
    type: "enum",
    options: ["incremental", "full", "none"],
    valueHint: "[incremental|full|none]",
    description:
      "Also return the view of the screen after the action, once it settled: what changed since the last view " +
      "(--view, --view=incremental), the whole screen (--view=full), or none (the default)",
  },
} as const satisfies ArgsDef;

export const appArgs = {
  package: { type: "positional", required: false, description: "Android application id (same as --app)" },
  app: { type: "string", description: "Android application id, e.g. com.android.settings" },
} as const satisfies ArgsDef;

export const openUriArgs = {
  uri: { type: "string", required: true, description: "URI to open (https://, market://, deep links)" },
} as const satisfies ArgsDef;

export const clickArgs = {
  ...selectorArgs,
  coordinate: { type: "string", description: "Tap at screen coordinates instead of a node: x,y", valueHint: "x,y" },
  "click-type": {
    type: "enum",
    options: ["default", "long_click", "focus"],
    description: "Click type (default: default)",
  },
  long: { type: "boolean", description: "Same as --click-type long_click" },
  focus: { type: "boolean", description: "Same as --click-type focus" },
} as const satisfies ArgsDef;

export const readArgs = {
  ...selectorArgs,
  validator: {
    type: "enum",
    options: ["temperature", "version", "regex"],
    description: "Validate the text (regex needs --pattern)",
  },
  pattern: { type: "string", description: "The regular expression of --validator regex" },
  all: { type: "boolean", description: "Read every matching node, one per line" },
} as const satisfies ArgsDef;

export const typeArgs = {
  selector: selectorArgs.selector,
  "resource-id": selectorArgs["resource-id"],
  id: selectorArgs.id,
  desc: selectorArgs.desc,
  role: selectorArgs.role,
  text: { type: "string", required: true, description: "Text to type" },
  submit: { type: "boolean", description: "Press submit/enter after typing" },
  clear: { type: "boolean", description: "Clear the field before typing (ignored by current APKs)" },
} as const satisfies ArgsDef;

export const pressKeyArgs = {
  name: { type: "positional", required: false, description: "The key (same as --key)" },
  key: { type: "enum", options: ["back", "home", "recents"], description: "The key: back, home or recents" },
} as const satisfies ArgsDef;

export const sleepArgs = {
  ms: { type: "positional", required: false, description: "Milliseconds to wait (same as --duration-ms)" },
  "duration-ms": { type: "string", description: "Milliseconds to wait on the device, 0-120000" },
} as const satisfies ArgsDef;

export const scrollArgs = {
  direction: {
    type: "enum",
    options: ["down", "up", "left", "right"],
    description: "Content direction (default: down)",
  },
  container: {
    type: "string",
    description: "NodeMatcher JSON of the container (default: first scrollable)",
    valueHint: "json",
  },
} as const satisfies ArgsDef;

/** Each `action <name>` command's flags. */
export const actionArgs = {
  "open-app": { ...appArgs, ...viewArgs },
  "close-app": { ...appArgs, ...viewArgs },
  "open-uri": { ...openUriArgs, ...viewArgs },
  click: { ...clickArgs, ...refArgs, ...viewArgs },
  read: { ...readArgs, ...refArgs, ...viewArgs },
  wait: { ...selectorArgs, ...refArgs, ...viewArgs },
  type: { ...typeArgs, ...refArgs, ...viewArgs },
  "press-key": { ...pressKeyArgs, ...viewArgs },
  back: viewArgs,
  scroll: { ...scrollArgs, ...refArgs, ...viewArgs },
  sleep: { ...sleepArgs, ...viewArgs },
} as const;

export type ActionName = keyof typeof actionArgs;
