import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { validateExecution } from "../../../core/contracts/validate-execution.ts";
import type { ParsedArgs } from "citty";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { actionArgs, ActionName } from "../command-args.ts";
import { cliExecution, exitCodeOfResult, runExecution } from "./run-actions.ts";
import { renderResult } from "../../../android/operator/render-result.ts";

type Args = Record<string, unknown>;
type ActionOf<N extends ActionName> = (args: ParsedArgs<(typeof actionArgs)[N]>) => { type: string; params?: Record<string, unknown> };

const usage = (message: string) => new ClawperatorError("USAGE", message);

function parseJsonFlag(flag: string, value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", `--${flag} must be a JSON object, e.g. '{"textEquals":"OK"}' (got ${String(value)})`, {
    details: { path: flag },
  });
}

/** --selector JSON, or the shorthands --text / --resource-id / --desc that real skill scripts use. */
function matcherFrom(args: Args): Record<string, unknown> {
  const matcher = {
    ...parseJsonFlag("selector", args.selector),
    ...(args.text !== undefined && args.selector === undefined ? { textEquals: args.text } : {}),
    ...(args["resource-id"] !== undefined ? { resourceId: args["resource-id"] } : {}),
    ...(args.desc !== undefined ? { contentDescEquals: args.desc } : {}),
  };
  if (Object.keys(matcher).length === 0) throw usage("a selector is required: --selector '<NodeMatcher JSON>' (or --text / --resource-id / --desc)");
  return matcher;
}

function appFrom(args: Args): string {
  const app = args.app ?? args.package;
  if (typeof app !== "string" || app === "") throw usage("an application id is required: --app <package> (or as the first argument)");
  return app;
}

const defined = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));

const BUILDERS: { [N in ActionName]: ActionOf<N> } = {
  "open-app": (a) => ({ type: "open_app", params: { applicationId: appFrom(a) } }),
  "close-app": (a) => ({ type: "close_app", params: { applicationId: appFrom(a) } }),
  "open-uri": (a) => ({ type: "open_uri", params: { uri: a.uri } }),
  click: (a) => ({ type: "click", params: defined({ matcher: matcherFrom(a), clickType: a["click-type"] }) }),
  read: (a) => ({ type: "read_text", params: defined({ matcher: matcherFrom(a), validator: a.validator }) }),
  wait: (a) => ({ type: "wait_for_node", params: { matcher: matcherFrom(a) } }),
  type: (a) => {
    if (a.selector === undefined && a["resource-id"] === undefined && a.desc === undefined) throw usage("action type needs --selector (the field to type into) and --text");
    return { type: "enter_text", params: defined({ matcher: matcherFrom({ ...a, text: undefined }), text: a.text, submit: a.submit || undefined, clear: a.clear || undefined }) };
  },
  "press-key": (a) => ({ type: "press_key", params: { key: a.key } }),
  scroll: (a) => ({ type: "scroll", params: defined({ direction: a.direction, container: parseJsonFlag("container", a.container) }) }),
};

/** One handler per `action <name>` command: flags → one action → validated execution → run. */
export function actionCommand<N extends ActionName>(name: N): CommandHandler<(typeof actionArgs)[N]> {
  const build = BUILDERS[name] as ActionOf<N>;
  return {
    run(ctx) {
      const action = { id: name.replace(/-/g, "_"), ...build(ctx.args) };
      const execution = validateExecution(cliExecution(ctx, name, [action as never]));
      return runExecution(ctx, execution);
    },
    pretty: renderResult,
    exitCode: exitCodeOfResult,
  };
}
