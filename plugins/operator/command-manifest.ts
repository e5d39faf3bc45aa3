import type { ArgsDef } from "citty";
import type { CommandContribution } from "../../core/kernel/index.ts";

const selectorArgs = {
  selector: { type: "string", description: "NodeMatcher JSON, e.g. '{\"resourceId\":\"com.example:id/ok\"}'", valueHint: "json" },
  text: { type: "string", description: "Shorthand for {\"textEquals\": <text>}" },
  "resource-id": { type: "string", description: "Shorthand for {\"resourceId\": <id>}" },
  desc: { type: "string", description: "Shorthand for {\"contentDescEquals\": <desc>}" },
} satisfies ArgsDef;

const appArgs = {
  package: { type: "positional", required: false, description: "Android application id (same as --app)" },
  app: { type: "string", description: "Android application id, e.g. com.android.settings" },
} satisfies ArgsDef;

const action = (name: string) => () => import("./commands/action.js").then((m) => ({ default: m.actionCommand(name) }));

/** Every command of the operator plugin, as data: `--help` lists them without loading their code. */
export const OPERATOR_COMMANDS: CommandContribution[] = [
  {
    path: ["execute"],
    aliases: [["exec"]],
    description: "Run an execution payload (validated list of actions) on a device",
    args: {
      file: { type: "positional", required: false, description: "Path to an execution JSON file (same as --execution <path>)" },
      execution: { type: "string", description: "Execution as inline JSON, a path to a JSON file, or - for stdin", valueHint: "json|path" },
      "validate-only": { type: "boolean", description: "Validate and print the normalized canonical execution; needs no device" },
    },
    load: () => import("./commands/execute.js"),
  },
  { path: ["observe", "snapshot"], aliases: [["snapshot"]], description: "Capture the UI hierarchy (hierarchy_xml)", load: () => import("./commands/observe-snapshot.js") },
  {
    path: ["observe", "screenshot"],
    aliases: [["screenshot"]],
    description: "Capture the screen as a PNG file",
    args: { path: { type: "string", description: "Where to write the PNG (default: a temp file)" } },
    load: () => import("./commands/observe-screenshot.js"),
  },
  { path: ["inspect", "ui"], description: "Show the current screen as a readable tree (observe snapshot, formatted)", load: () => import("./commands/inspect-ui.js") },
  { path: ["action", "open-app"], aliases: [["open"]], description: "Open an app by application id", args: appArgs, load: action("open-app") },
  { path: ["action", "close-app"], aliases: [["close"]], description: "Force-stop an app by application id", args: appArgs, load: action("close-app") },
  {
    path: ["action", "open-uri"],
    description: "Open a URI with the device's handler for its scheme",
    args: { uri: { type: "string", required: true, description: "URI to open (https://, market://, deep links)" } },
    load: action("open-uri"),
  },
  {
    path: ["action", "click"],
    aliases: [["click"]],
    description: "Click a UI node matching a selector",
    args: { ...selectorArgs, "click-type": { type: "enum", options: ["default", "long_click", "focus"], description: "Click type (default: default)" } },
    load: action("click"),
  },
  {
    path: ["action", "read"],
    description: "Read text from a UI node",
    args: { ...selectorArgs, validator: { type: "enum", options: ["temperature"], description: "Validate the text as a temperature" } },
    load: action("read"),
  },
  { path: ["action", "wait"], description: "Wait for a UI node to appear", args: selectorArgs, load: action("wait") },
  {
    path: ["action", "type"],
    description: "Type text into a UI node",
    args: {
      selector: selectorArgs.selector,
      "resource-id": selectorArgs["resource-id"],
      desc: selectorArgs.desc,
      text: { type: "string", required: true, description: "Text to type" },
      submit: { type: "boolean", description: "Press submit/enter after typing" },
      clear: { type: "boolean", description: "Clear the field before typing (ignored by current APKs)" },
    },
    load: action("type"),
  },
  {
    path: ["action", "press-key"],
    description: "Press a system key: back, home or recents",
    args: { key: { type: "enum", options: ["back", "home", "recents"], required: true, description: "The key" } },
    load: action("press-key"),
  },
  {
    path: ["action", "scroll"],
    description: "Scroll a container once and report whether content moved",
    args: {
      direction: { type: "enum", options: ["down", "up", "left", "right"], description: "Content direction (default: down)" },
      container: { type: "string", description: "NodeMatcher JSON of the container (default: first scrollable)", valueHint: "json" },
    },
    load: action("scroll"),
  },
];
