import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import { RETRY_PRESETS } from "../../../core/contracts/retry.ts";
import type { CommandArgs, CommandHandler } from "../../../core/kernel/index.ts";
import type { actionArgs, ActionName } from "../command-args.ts";
import { cliExecution, exitCodeOfResult, targetOf } from "./run-actions.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { renderViewed } from "../views/render-view.ts";

type Args = Record<string, unknown>;
type ActionOf<N extends ActionName> = (args: CommandArgs<(typeof actionArgs)[N]>) => {
  type: string;
  params?: Record<string, unknown>;
};

const usage = (message: string) => new ClawperatorError("USAGE", message);

function parseJsonFlag(flag: string, value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ClawperatorError(
    "EXECUTION_VALIDATION_FAILED",
    `--${flag} must be a JSON object, e.g. '{"textEquals":"OK"}' (got ${String(value)})`,
    {
      details: { path: flag },
    },
  );
}

/** --selector JSON, or the shorthands --text / --id (--resource-id) / --desc / --role that real skill scripts use. */
function matcherFrom(args: Args): Record<string, unknown> {
  const resourceId = args["resource-id"] ?? args.id;
  const matcher = {
    ...parseJsonFlag("selector", args.selector),
    ...(args.text !== undefined && args.selector === undefined ? { textEquals: args.text } : {}),
    ...(resourceId !== undefined ? { resourceId } : {}),
    ...(args.desc !== undefined ? { contentDescEquals: args.desc } : {}),
    ...(args.role !== undefined ? { role: args.role } : {}),
  };
  if (Object.keys(matcher).length === 0)
    throw usage("a selector is required: --selector '<NodeMatcher JSON>' (or --text / --id / --desc / --role)");
  return matcher;
}

/** The node of an action: `--ref eN` (a ref of the device's latest view, resolved before dispatch) or a selector. */
function targetFrom(args: Args): Record<string, unknown> {
  if (args.ref === undefined) return { matcher: matcherFrom(args) };
  if (args.selector !== undefined || args["resource-id"] !== undefined || args.id !== undefined)
    throw usage("--ref names the node itself: give it without --selector / --id");
  return { ref: args.ref };
}

/** `--coordinate x,y` (the reference CLI's replay form). */
function coordinateFrom(value: unknown, ref: unknown): { x: number; y: number } {
  if (ref !== undefined) throw usage("--ref and --coordinate both name where to click; give one");
  const match = /^\s*(\d+)\s*[, ]\s*(\d+)\s*$/.exec(String(value));
  if (!match) throw usage(`--coordinate takes x,y in screen pixels, e.g. --coordinate 540,1200 (got ${String(value)})`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

function clickTypeFrom(args: Args): unknown {
  if (args.long && args.focus) throw usage("--long and --focus cannot be combined");
  return args.long ? "long_click" : args.focus ? "focus" : args["click-type"];
}

function wholeMs(flag: string, value: unknown): number {
  const ms = Number(value);
  if (value === undefined || !Number.isInteger(ms))
    throw usage(`${flag} takes a whole number of milliseconds (got ${String(value)})`);
  return ms;
}

function appFrom(args: Args): string {
  const app = args.app ?? args.package;
  if (typeof app !== "string" || app === "")
    throw usage("an application id is required: --app <package> (or as the first argument)");
  return app;
}

const defined = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));

const BUILDERS: { [N in ActionName]: ActionOf<N> } = {
  "open-app": (a) => ({ type: "open_app", params: { applicationId: appFrom(a) } }),
  "close-app": (a) => ({ type: "close_app", params: { applicationId: appFrom(a) } }),
  "open-uri": (a) => ({ type: "open_uri", params: { uri: a.uri } }),
  click: (a) => ({
    type: "click",
    params: defined({
      ...(a.coordinate !== undefined ? { coordinate: coordinateFrom(a.coordinate, a.ref) } : targetFrom(a)),
      clickType: clickTypeFrom(a),
    }),
  }),
  read: (a) => ({
    type: "read_text",
    params: defined({
      ...targetFrom(a),
      validator: a.validator,
      validatorPattern: a.pattern,
      all: a.all || undefined,
    }),
  }),
  wait: (a) => ({ type: "wait_for_node", params: targetFrom(a) }),
  type: (a) => {
    if (
      a.ref === undefined &&
      a.selector === undefined &&
      a["resource-id"] === undefined &&
      a.id === undefined &&
      a.desc === undefined &&
      a.role === undefined
    ) {
      throw usage(
        "action type needs --ref or --selector (or --id / --desc / --role: the field to type into) and --text",
      );
    }
    return {
      type: "enter_text",
      params: defined({
        ...targetFrom({ ...a, text: undefined }),
        text: a.text,
        submit: a.submit || undefined,
        clear: a.clear || undefined,
      }),
    };
  },
  "press-key": (a) => {
    const key = a.key ?? a.name;
    if (key === undefined)
      throw usage("action press-key needs a key: back, home or recents (press <key> or --key <key>)");
    return { type: "press_key", params: { key } };
  },
  back: () => ({ type: "press_key", params: { key: "back" } }),
  scroll: (a) => ({
    type: "scroll",
    params: defined({
      direction: a.direction,
      ...(a.ref === undefined ? { container: parseJsonFlag("container", a.container) } : { ref: a.ref }),
    }),
  }),
  sleep: (a) => ({ type: "sleep", params: { durationMs: wholeMs("sleep", a["duration-ms"] ?? a.ms) } }),
};

/** How much longer than its own wait a `wait --timeout-ms N` execution may run before the device gives up on it. */
const WAIT_MARGIN_MS = 5_000;

/** What one attempt to find and act on a node may take on the device, beside the pauses between attempts. */
const ATTEMPT_MS = 250;

/**
 * The node search of a single-step command given `--timeout-ms T`: the device's own retry preset (five attempts,
 * 500 ms doubling to 3 s, 6.5 s of pauses) with as many attempts as fit in T, so that a node that is not there is
 * NODE_NOT_FOUND within the time the person gave, not COMMAND_TIMEOUT. Undefined when the preset fits.
 */
function retryWithin(timeoutMs: number): Record<string, number> | undefined {
  const preset = RETRY_PRESETS.UiReadiness;
  let attempts = 1;
  let spent = ATTEMPT_MS;
  let delay: number = preset.initialDelayMs;
  while (attempts < preset.maxAttempts) {
    // The pause before the next attempt may come out 15 % longer (the preset's jitter).
    const next = spent + delay * (1 + preset.jitterRatio) + ATTEMPT_MS;
    if (next > timeoutMs) break;
    spent = next;
    attempts++;
    delay = Math.min(delay * preset.backoffMultiplier, preset.maxDelayMs);
  }
  return attempts === preset.maxAttempts ? undefined : { ...preset, maxAttempts: attempts };
}

/** The actions whose node search runs under the UiReadiness preset (a `retry` param of their own). */
const NODE_SEARCHES = new Set(["click", "read_text", "enter_text"]);

/** One handler per `action <name>` command: flags → one action → validated execution → run. */
export function actionCommand<N extends ActionName>(name: N): CommandHandler<(typeof actionArgs)[N]> {
  const build = BUILDERS[name] as ActionOf<N>;
  return {
    async run(args, ctx) {
      const action = { id: name.replace(/-/g, "_"), ...build(args) };
      let run: typeof ctx = ctx;
      // `wait --timeout N` (the reference CLI's form): N is how long to keep looking; the execution gets a margin.
      if (name === "wait" && ctx.globals.timeoutMs !== undefined) {
        (action.params as Record<string, unknown>).timeoutMs = ctx.globals.timeoutMs;
        run = {
          ...ctx,
          globals: {
            ...ctx.globals,
            timeoutMs: Math.min(LIMITS.MAX_EXECUTION_TIMEOUT_MS, ctx.globals.timeoutMs + WAIT_MARGIN_MS),
          },
        };
      }
      const params = action.params as Record<string, unknown> | undefined;
      const retry = ctx.globals.timeoutMs === undefined ? undefined : retryWithin(ctx.globals.timeoutMs);
      if (retry && params && NODE_SEARCHES.has(action.type) && params.coordinate === undefined) params.retry = retry;
      const execution = cliExecution(run, name, [action as never]);
      const { view } = args as Args;
      return ctx.services.resolve(AgentViews).run(execution, {
        view: (view as "incremental" | "full" | "none" | undefined) ?? "none",
        pathOrigin: "person",
        ...targetOf(ctx.globals),
      });
    },
    pretty: renderViewed,
    exitCode: exitCodeOfResult,
  };
}
