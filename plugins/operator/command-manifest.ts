import { type AnyCommandDefinition, defineCliCommand } from "../../core/kernel/index.ts";
import { actionArgs, executeArgs, screenshotArgs, type ActionName } from "./command-args.ts";
import observeSnapshot from "./commands/observe-snapshot.ts";

const action =
  <N extends ActionName>(name: N) =>
  () =>
    import("./commands/action.js").then((m) => ({ default: m.actionCommand(name) }));

/** Every command of the operator plugin, as data: `--help` lists them without loading their code. */
export const OPERATOR_COMMANDS: AnyCommandDefinition[] = [
  defineCliCommand({
    path: ["execute"],
    aliases: [["exec"]],
    description: "Run an execution payload (validated list of actions) on a device",
    args: executeArgs,
    load: () => import("./commands/execute.js"),
  }),
  defineCliCommand({
    path: ["observe", "snapshot"],
    aliases: [["snapshot"]],
    description: "Capture the UI hierarchy (hierarchy_xml)",
    // The command agents run most, imported with the manifest: a lazy import would be one more file per call.
    load: observeSnapshot,
  }),
  defineCliCommand({
    path: ["observe", "view"],
    aliases: [["view"]],
    description: "The screen as a compact outline for agents, with refs that action --ref takes",
    load: () => import("./commands/observe-view.js"),
  }),
  defineCliCommand({
    path: ["observe", "screenshot"],
    aliases: [["screenshot"]],
    description: "Capture the screen as a PNG file",
    args: screenshotArgs,
    load: () => import("./commands/observe-screenshot.js"),
  }),
  defineCliCommand({
    path: ["inspect", "ui"],
    description: "Show the current screen as a readable tree (observe snapshot, formatted)",
    load: () => import("./commands/inspect-ui.js"),
  }),
  defineCliCommand({
    path: ["action", "open-app"],
    aliases: [["open"]],
    description: "Open an app by application id",
    args: actionArgs["open-app"],
    load: action("open-app"),
  }),
  defineCliCommand({
    path: ["action", "close-app"],
    aliases: [["close"]],
    description: "Force-stop an app by application id",
    args: actionArgs["close-app"],
    load: action("close-app"),
  }),
  defineCliCommand({
    path: ["action", "open-uri"],
    description: "Open a URI with the device's handler for its scheme",
    args: actionArgs["open-uri"],
    load: action("open-uri"),
  }),
  defineCliCommand({
    path: ["action", "click"],
    aliases: [["click"]],
    description: "Click a UI node matching a selector",
    args: actionArgs.click,
    load: action("click"),
  }),
  // The single-word aliases are the reference CLI 0.5.3's commands that real skills call; --help lists ours only.
  defineCliCommand({
    path: ["action", "read"],
    aliases: [["read"]],
    description: "Read text from a UI node",
    args: actionArgs.read,
    load: action("read"),
  }),
  defineCliCommand({
    path: ["action", "wait"],
    aliases: [["wait"]],
    description: "Wait for a UI node to appear (--timeout-ms: how long to keep looking)",
    args: actionArgs.wait,
    load: action("wait"),
  }),
  defineCliCommand({
    path: ["action", "type"],
    aliases: [["type"]],
    description: "Type text into a UI node",
    args: actionArgs.type,
    load: action("type"),
  }),
  defineCliCommand({
    path: ["action", "press-key"],
    aliases: [["press"]],
    description: "Press a system key: back, home or recents",
    args: actionArgs["press-key"],
    load: action("press-key"),
  }),
  defineCliCommand({
    path: ["action", "back"],
    aliases: [["back"]],
    description: "Press the back key",
    args: actionArgs.back,
    load: action("back"),
  }),
  defineCliCommand({
    path: ["action", "scroll"],
    aliases: [["scroll"]],
    description: "Scroll a container once and report whether content moved",
    args: actionArgs.scroll,
    load: action("scroll"),
  }),
  defineCliCommand({
    path: ["action", "sleep"],
    aliases: [["sleep"]],
    description: "Wait on the device for a number of milliseconds",
    args: actionArgs.sleep,
    load: action("sleep"),
  }),
];
