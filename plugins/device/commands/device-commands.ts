import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { ArgsDef } from "citty";
import type { CommandHandler, CommandRunContext } from "../../../core/kernel/index.ts";
import { DeviceControl } from "../../../core/services/device-control.ts";

export type DeviceCommandName =
  | "key"
  | "swipe"
  | "rotation-get"
  | "rotation-set"
  | "logs"
  | "info"
  | "apps-list"
  | "apps-install"
  | "apps-uninstall"
  | "apps-launch";

type Args = Record<string, unknown>;

const usage = (message: string) => new ClawperatorError("USAGE", message);

/** `x,y` of a flag, in screen pixels. */
function point(flag: string, value: unknown): { x: number; y: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*[, ]\s*(\d+)\s*$/.exec(String(value));
  if (!m) throw usage(`--${flag} takes x,y in screen pixels, e.g. --${flag} 540,1200 (got ${String(value)})`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

function whole(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw usage(`--${flag} takes a whole number (got ${String(value)})`);
  return n;
}

const defined = (input: Args) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

function swipeInput(a: Args): Args {
  if (a["long-press"] && a.drag) throw usage("--long-press and --drag cannot be combined");
  return defined({
    from: point("from", a.from),
    to: point("to", a.to),
    ref: a.ref,
    direction: a.direction,
    distance: whole("distance", a.distance),
    durationMs: whole("duration-ms", a["duration-ms"]),
    kind: a["long-press"] ? "long-press" : a.drag ? "drag" : undefined,
  });
}

const RUN: Record<DeviceCommandName, (control: DeviceControl, a: Args, deviceId?: string) => Promise<unknown>> = {
  key: (c, a, deviceId) =>
    c.key(defined({ key: a.key, longPress: a["long-press"] || undefined }) as never, { deviceId }),
  swipe: (c, a, deviceId) => c.swipe(swipeInput(a) as never, { deviceId }),
  "rotation-get": (c, _a, deviceId) => c.rotation({}, { deviceId }),
  "rotation-set": (c, a, deviceId) => c.rotation({ set: a.orientation as never }, { deviceId }),
  logs: (c, a, deviceId) =>
    c.logs(
      defined({
        package: a.package,
        tag: a.tag,
        level: a.level,
        since: a.since,
        lines: whole("lines", a.lines),
      }) as never,
      { deviceId },
    ),
  info: (c, _a, deviceId) => c.info({ deviceId }),
  "apps-list": (c, a, deviceId) => c.apps({ thirdParty: a["third-party"] === true }, { deviceId }),
  "apps-install": (c, a, deviceId) => c.install({ apk: String(a.apk) }, { deviceId }),
  "apps-uninstall": (c, a, deviceId) => c.uninstall({ package: String(a.package) }, { deviceId }),
  "apps-launch": (c, a, deviceId) => c.launch({ package: String(a.package) }, { deviceId }),
};

/** What a person reads: the log's lines, the list's names, else the fields of the result, one per line. */
function pretty(value: unknown): string {
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.lines)) return (v.lines as string[]).join("\n");
  if (Array.isArray(v.packages)) return (v.packages as string[]).join("\n");
  return Object.entries(v)
    .map(([k, x]) => `${k}: ${typeof x === "object" ? JSON.stringify(x) : String(x)}`)
    .join("\n");
}

/** The handler of one `device …` / `apps …` command: its flags → the DeviceControl service. */
export function deviceCommand(name: DeviceCommandName): CommandHandler<ArgsDef> {
  return {
    run: (args, ctx: CommandRunContext) =>
      RUN[name](ctx.services.resolve(DeviceControl), args as Args, ctx.globals.deviceId ?? ctx.config.deviceId),
    pretty,
  };
}
