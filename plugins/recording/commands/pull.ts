import type { CommandHandler } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import type { pullArgs } from "../command-args.ts";
import { type PullOutcome, pullRecording } from "../pull/pull-recording.ts";
import { DEFAULT_PULL_DIR, operatorPackageOf } from "../recording-paths.ts";

const handler: CommandHandler<typeof pullArgs> = {
  run(ctx) {
    const deviceId = ctx.globals.deviceId ?? ctx.config.deviceId;
    return pullRecording({
      transport: ctx.services.resolve(Transport),
      ...(deviceId ? { deviceId } : {}),
      operatorPackage: operatorPackageOf(ctx.globals.receiverPackage, ctx.config.operatorPackage),
      ...(ctx.args["session-id"] === undefined ? {} : { sessionId: ctx.args["session-id"] }),
      outDir: ctx.args.out ?? DEFAULT_PULL_DIR,
    });
  },
  pretty: (result) => {
    const r = result as PullOutcome;
    return `pulled ${r.sessionId} from ${r.deviceId} to ${r.localPath} (${r.bytes} bytes)`;
  },
};

export default handler;
