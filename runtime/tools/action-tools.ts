import { z } from "zod";
import { ACTION_PARAMS, type ActionType } from "../../core/contracts/actions.ts";
import { REF_SLOTS } from "../../core/contracts/refs.ts";
import {
  ACT,
  DeviceTarget,
  jsonSchemaOf,
  OBSERVE,
  parseInput,
  type AgentTool,
  type JsonSchema,
  type ToolHints,
} from "./agent-tool.ts";
import { VIEW_MODES } from "../../core/contracts/agent-view.ts";
import { ActionDetails } from "./output-schemas.ts";
import { toolExecution } from "./device-tools.ts";
import { sessionOf, viewedOutput } from "./view-tools.ts";

const Target = z.strictObject({
  ...DeviceTarget,
  timeoutMs: z
    .number()
    .int()
    .min(1_000)
    .max(120_000)
    .optional()
    .describe("how long to wait for the device's result (ms, default 30000)"),
  view: z
    .union([z.enum(VIEW_MODES), z.boolean()])
    .optional()
    .describe(
      "the view of the screen after the action, once it settled: incremental (the default: what changed since " +
        "your earlier views, unchanged runs as <unchanged N>; the whole screen when most of it changed), full, or none",
    ),
});
const TARGET_KEYS = Object.keys(Target.shape);

/**
 * A tool that runs one action: its parameters are the action's params (from the contracts) plus the device
 * target; the action is validated as part of an execution, exactly as `clawperator execute` validates it.
 */
function actionTool(name: string, type: ActionType, description: string, hints: ToolHints = ACT): AgentTool {
  const params = ACTION_PARAMS[type];
  const slot = REF_SLOTS[type];
  return {
    name,
    description,
    hints,
    output: () => jsonSchemaOf(ActionDetails, "output"),
    parameters(): JsonSchema {
      const action = jsonSchemaOf(params);
      const target = jsonSchemaOf(Target);
      // A node is named by `ref` or by its slot (the matcher), so neither is required.
      const required = (action.required as string[] | undefined)?.filter((key) => key !== slot);
      return {
        ...action,
        properties: {
          ...(action.properties as object),
          ...(slot ? { ref: REF_PROPERTY } : {}),
          ...(target.properties as object),
        },
        ...(required ? { required } : {}),
      };
    },
    async run(ctx, input) {
      const raw = (input ?? {}) as Record<string, unknown>;
      const actionParams = Object.fromEntries(Object.entries(raw).filter(([key]) => !TARGET_KEYS.includes(key)));
      const target = parseInput(
        name,
        Target,
        Object.fromEntries(Object.entries(raw).filter(([key]) => TARGET_KEYS.includes(key))),
      );
      const execution = toolExecution(name, { id: type, type, params: actionParams }, target.timeoutMs);
      const clawperator = await ctx.clawperator();
      const view = target.view === undefined || target.view === true ? "incremental" : target.view || "none";
      return viewedOutput(
        await clawperator.execute(execution, {
          deviceId: target.deviceId,
          receiverPackage: target.receiverPackage,
          view,
          ...sessionOf(ctx),
        }),
      );
    },
  };
}

const MATCHER_HELP =
  'Name the node by `ref` (e.g. "e12", from the latest clawperator_view or action result) or by `matcher`: ' +
  "any of resourceId, textEquals, textContains, contentDescEquals, contentDescContains, role (all must match).";

const REF_PROPERTY = {
  type: "string",
  pattern: "^e[1-9][0-9]*$",
  description: "a ref of the device's latest view (e.g. e12), instead of a matcher",
};

export const ACTION_TOOLS: readonly AgentTool[] = [
  actionTool(
    "clawperator_open_app",
    "open_app",
    "Launch an installed Android app by its applicationId (package name).",
    // Brings the app forward; again, it is already there. Nothing is removed.
    { ...ACT, destructive: false, idempotent: true },
  ),
  actionTool(
    "clawperator_open_uri",
    "open_uri",
    "Open a URI (https link, deep link, market:// ...) with the app that handles it.",
  ),
  actionTool("clawperator_click", "click", `Tap a UI node. ${MATCHER_HELP}`),
  actionTool(
    "clawperator_type",
    "enter_text",
    `Type text into an editable node; \`submit: true\` presses enter afterwards. ${MATCHER_HELP}`,
  ),
  actionTool("clawperator_read", "read_text", `Read the text of a UI node. ${MATCHER_HELP}`, OBSERVE),
  actionTool(
    "clawperator_wait",
    "wait_for_node",
    `Wait until a UI node appears (polling with retry). ${MATCHER_HELP}`,
    OBSERVE,
  ),
  actionTool(
    "clawperator_scroll",
    "scroll",
    "Scroll the first scrollable container (or `container`, or the one `ref` names) one page in `direction`.",
  ),
  actionTool("clawperator_press_key", "press_key", "Press a system key: back, home or recents."),
];
