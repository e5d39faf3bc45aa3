/** An intent as `am` builds it from its command-line options. */
export interface IntentArgs {
  action?: string;
  data?: string;
  mimeType?: string;
  categories: string[];
  packageName?: string;
  component?: string;
  /** Every extra, as the text given on the command line (the receiver reads them as strings). */
  extras: Record<string, string>;
  flags: number;
  user?: string;
  /** Options that take no part in the intent (`-W`, `-S`, `--receiver-foreground`...). */
  switches: Set<string>;
}

const FLAG_RECEIVER_FOREGROUND = 0x10000000;

const EXTRA_OPTIONS = new Set([
  "--es",
  "--ez",
  "--ei",
  "--el",
  "--ef",
  "--ed",
  "--eu",
  "--ecn",
  "--esa",
  "--eia",
  "--ela",
  "--efa",
  "--esal",
  "--eial",
  "--elal",
  "--efal",
]);
const SWITCHES = new Set([
  "--receiver-foreground",
  "--receiver-registered-only",
  "--include-stopped-packages",
  "--exclude-stopped-packages",
  "-W",
  "-S",
  "-D",
  "-N",
  "--async",
]);
const VALUE_OPTIONS = new Set([
  "--user",
  "--start-profiler",
  "--attach-agent",
  "-P",
  "--sampling",
  "-R",
  "--display",
  "--windowingMode",
  "--activityType",
  "--task",
  "--receiver-permission",
  "--allow-background-activity-starts",
]);

export type ParsedIntent = { ok: true; intent: IntentArgs } | { ok: false; message: string };

/** Parses `am broadcast`/`am start` options; the last bare argument, if any, is a data URI or component as in am. */
export function parseIntentArgs(args: readonly string[]): ParsedIntent {
  const intent: IntentArgs = { categories: [], extras: {}, flags: 0, switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => args[++i];
    if (EXTRA_OPTIONS.has(arg)) {
      const key = value();
      const extra = value();
      if (key === undefined || extra === undefined)
        return { ok: false, message: `Error: Argument expected after "${arg}"` };
      intent.extras[key] = extra;
      continue;
    }
    if (arg === "--esn") {
      const key = value();
      if (key === undefined) return { ok: false, message: `Error: Argument expected after "${arg}"` };
      intent.extras[key] = "";
      continue;
    }
    if (SWITCHES.has(arg)) {
      intent.switches.add(arg);
      if (arg === "--receiver-foreground") intent.flags |= FLAG_RECEIVER_FOREGROUND;
      continue;
    }
    const needsValue = ["-a", "-d", "-t", "-c", "-n", "-p", "-f", "--user", ...VALUE_OPTIONS].includes(arg);
    if (needsValue) {
      const v = value();
      if (v === undefined) return { ok: false, message: `Error: Argument expected after "${arg}"` };
      if (arg === "-a") intent.action = v;
      else if (arg === "-d") intent.data = v;
      else if (arg === "-t") intent.mimeType = v;
      else if (arg === "-c") intent.categories.push(v);
      else if (arg === "-n") intent.component = v;
      else if (arg === "-p") intent.packageName = v;
      else if (arg === "-f") intent.flags |= Number(v);
      else if (arg === "--user") intent.user = v;
      continue;
    }
    if (arg.startsWith("-")) return { ok: false, message: `Error: Unknown option: ${arg}` };
    if (arg.includes("/") && !arg.includes(":")) intent.component = arg;
    else intent.data = arg;
  }
  return { ok: true, intent };
}

/** The package a component names: `com.example/.Main` → `com.example`. */
export const componentPackage = (component: string): string => component.split("/")[0]!;

/** How am prints an intent: `Intent { act=... dat=... cat=[...] flg=0x... pkg=... cmp=... (has extras) }`. */
export function describeIntent(intent: IntentArgs, extraFlags = 0): string {
  const parts: string[] = [];
  if (intent.action !== undefined) parts.push(`act=${intent.action}`);
  if (intent.categories.length > 0) parts.push(`cat=[${intent.categories.join(",")}]`);
  if (intent.data !== undefined) parts.push(`dat=${intent.data}`);
  if (intent.mimeType !== undefined) parts.push(`typ=${intent.mimeType}`);
  const flags = intent.flags | extraFlags;
  if (flags !== 0) parts.push(`flg=0x${flags.toString(16)}`);
  if (intent.packageName !== undefined) parts.push(`pkg=${intent.packageName}`);
  if (intent.component !== undefined) parts.push(`cmp=${intent.component}`);
  if (Object.keys(intent.extras).length > 0) parts.push("(has extras)");
  return `Intent { ${parts.join(" ")} }`;
}
