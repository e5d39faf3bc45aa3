import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { sessionArgs } from "../command-args.ts";
import {
  runSessionAction,
  sessionData,
  sessionFailed,
  type SessionResult,
  type SessionVerb,
} from "../session/recording-session.ts";

/** `record start` / `record stop`: the APK's step data in words for people, the run's JSON for agents. */
export function sessionCommand(verb: SessionVerb): CommandHandler<typeof sessionArgs> {
  return {
    run: (args, ctx) =>
      runSessionAction(ctx.services, verb, {
        ...(args["session-id"] === undefined ? {} : { sessionId: args["session-id"] }),
        ...(ctx.globals.deviceId ? { deviceId: ctx.globals.deviceId } : {}),
        ...(ctx.globals.receiverPackage ? { receiverPackage: ctx.globals.receiverPackage } : {}),
        ...(ctx.globals.timeoutMs === undefined ? {} : { timeoutMs: ctx.globals.timeoutMs }),
      }),
    pretty(result) {
      const run = result as SessionResult;
      const data = sessionData(run);
      if (sessionFailed(run))
        return `record ${verb} failed: ${data.error ?? run.envelope.errorCode ?? "?"}: ${data.message ?? run.envelope.error ?? ""}`;
      const count = data.eventCount === undefined ? "" : ` (${data.eventCount} events)`;
      return `recording ${verb === "start" ? "started" : "stopped"}: ${data.sessionId} ${data.filePath ?? ""}${count}`;
    },
    exitCode: (result) => (sessionFailed(result as SessionResult) ? 1 : 0),
  };
}
