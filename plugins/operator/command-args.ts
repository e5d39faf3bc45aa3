import type { ArgsDef } from "citty";

/** The operator plugin's command flags, as data: the manifest declares them, the handlers are typed from them. */
export const executeArgs = {
  file: { type: "positional", required: false, description: "Path to an execution JSON file (same as --execution <path>)" },
  execution: { type: "string", description: "Execution as inline JSON, a path to a JSON file, or - for stdin", valueHint: "json|path" },
  "validate-only": { type: "boolean", description: "Validate and print the normalized canonical execution; needs no device" },
} as const satisfies ArgsDef;

export const screenshotArgs = {
  path: { type: "string", description: "Where to write the PNG (default: a temp file); an existing file that is not a PNG is kept" },
  force: { type: "boolean", description: "Replace the file at --path even if it is not a PNG" },
} as const satisfies ArgsDef;

export const selectorArgs = {
  selector: { type: "string", description: "NodeMatcher JSON, e.g. '{\"resourceId\":\"com.example:id/ok\"}'", valueHint: "json" },
  text: { type: "string", description: "Shorthand for {\"textEquals\": <text>}" },
  "resource-id": { type: "string", description: "Shorthand for {\"resourceId\": <id>}" },
  desc: { type: "string", description: "Shorthand for {\"contentDescEquals\": <desc>}" },
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
  "click-type": { type: "enum", options: ["default", "long_click", "focus"], description: "Click type (default: default)" },
} as const satisfies ArgsDef;

export const readArgs = {
  ...selectorArgs,
  validator: { type: "enum", options: ["temperature"], description: "Validate the text as a temperature" },
} as const satisfies ArgsDef;

export const typeArgs = {
  selector: selectorArgs.selector,
  "resource-id": selectorArgs["resource-id"],
  desc: selectorArgs.desc,
  text: { type: "string", required: true, description: "Text to type" },
  submit: { type: "boolean", description: "Press submit/enter after typing" },
  clear: { type: "boolean", description: "Clear the field before typing (ignored by current APKs)" },
} as const satisfies ArgsDef;

export const pressKeyArgs = {
  key: { type: "enum", options: ["back", "home", "recents"], required: true, description: "The key" },
} as const satisfies ArgsDef;

export const scrollArgs = {
  direction: { type: "enum", options: ["down", "up", "left", "right"], description: "Content direction (default: down)" },
  container: { type: "string", description: "NodeMatcher JSON of the container (default: first scrollable)", valueHint: "json" },
} as const satisfies ArgsDef;

/** Each `action <name>` command's flags. */
export const actionArgs = {
  "open-app": appArgs,
  "close-app": appArgs,
  "open-uri": openUriArgs,
  click: clickArgs,
  read: readArgs,
  wait: selectorArgs,
  type: typeArgs,
  "press-key": pressKeyArgs,
  scroll: scrollArgs,
} as const;
export type ActionName = keyof typeof actionArgs;
