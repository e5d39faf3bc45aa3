import type { CommandContext } from "../command-types.ts";
import { componentPackage, describeIntent, type IntentArgs } from "./intent-args.ts";
import { startProcess } from "./launch-log.ts";

const FLAG_ACTIVITY_NEW_TASK = 0x10000000;
const ACTION_VIEW = "android.intent.action.VIEW";

/** `pkg/.Main` → `pkg/pkg.Main`, as am prints a class it cannot find. */
const expandComponent = (component: string): string => {
  const [pkg, cls = ""] = component.split("/");
  return `${pkg}/${cls.startsWith(".") ? pkg + cls : cls}`;
};

/**
 * `am start`: a component (`-n pkg/.Activity`) or package (`-p`) opens that app's launch screen; a VIEW intent with
 * a URI (`-a android.intent.action.VIEW -d <uri>`) opens whatever screen the scenario routes the URI to.
 */
export function startActivity(ctx: CommandContext, intent: IntentArgs): number {
  ctx.stdout(`Starting: ${describeIntent(intent)}\n`);
  const unresolved = () => {
    ctx.stderr(`Error: Activity not started, unable to resolve ${describeIntent(intent, FLAG_ACTIVITY_NEW_TASK)}\n`);
    return 1;
  };
  const target = intent.component !== undefined ? componentPackage(intent.component) : intent.packageName;
  let opened: string | undefined;
  if (target !== undefined && (intent.component !== undefined || intent.data === undefined)) {
    if (!ctx.state.packages.get(target) || !ctx.ui.openApp(target)) {
      if (intent.component === undefined) return unresolved();
      ctx.stderr(`Error type 3\nError: Activity class {${expandComponent(intent.component)}} does not exist.\n`);
      return 1;
    }
    opened = target;
  } else if (intent.data !== undefined && (intent.action === undefined || intent.action === ACTION_VIEW)) {
    if (!ctx.ui.openUri(intent.data)) return unresolved();
    opened = ctx.ui.foregroundPackage();
  } else return unresolved();
  ctx.state.log.write(
    "I",
    "ActivityTaskManager",
    `START u0 {${describeIntent(intent, FLAG_ACTIVITY_NEW_TASK).slice("Intent { ".length, -2)}} from uid 2000`,
  );
  startProcess(ctx, opened, `top-activity {${opened}/.MainActivity}`);
  return 0;
}
