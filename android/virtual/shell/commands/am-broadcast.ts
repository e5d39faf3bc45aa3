import type { CommandContext } from "../command-types.ts";
import { componentPackage, describeIntent, type IntentArgs } from "./intent-args.ts";
import { startProcess } from "./launch-log.ts";

/**
 * `am broadcast`: delivers the intent to the device's registered receivers for its action (limited to the package
 * `-p`/`-n` names), with every extra exactly as given, then reports completion as am does.
 */
export function broadcast(ctx: CommandContext, intent: IntentArgs): number {
  ctx.stdout(`Broadcasting: ${describeIntent(intent)}\n`);
  const target =
    intent.packageName ?? (intent.component === undefined ? undefined : componentPackage(intent.component));
  if (target !== undefined && !ctx.state.packages.get(target)) {
    ctx.stderr(
      `Exception occurred while executing 'broadcast':\n` +
        `java.lang.IllegalArgumentException: Target package not found: ${target}\n`,
    );
    return 255;
  }
  for (const receiver of ctx.state.receivers.matching(intent.action, target)) {
    startProcess(ctx, receiver.packageName, `broadcast {${receiver.packageName}/${intent.action ?? ""}}`);
    try {
      receiver.onReceive({ ...intent.extras });
    } catch (error) {
      // A receiver that throws crashes its app; the broadcast itself still completes.
      const pid = ctx.state.processes.pidOf(receiver.packageName);
      ctx.state.log.write(
        "E",
        "AndroidRuntime",
        `FATAL EXCEPTION: main\nProcess: ${receiver.packageName}, PID: ${pid}\n` +
          `${error instanceof Error ? error.message : String(error)}`,
        pid,
      );
      ctx.state.processes.kill(receiver.packageName);
    }
  }
  ctx.stdout("Broadcast completed: result=0\n");
  return 0;
}
