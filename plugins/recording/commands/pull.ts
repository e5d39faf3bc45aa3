import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import { pullArgs } from "../command-args.ts";
import { pullRecording } from "../pull/pull-recording.ts";
import { DEFAULT_PULL_DIR, operatorPackageOf } from "../recording-paths.ts";

const handler = defineCommandHandler(pullArgs, {
  run(args, ctx) {
    const deviceId = ctx.globals.deviceId ?? ctx.config.deviceId;
    return pullRecording({
      transport: ctx.services.resolve(Transport),
      ...(deviceId ? { deviceId } : {}),
      operatorPackage: operatorPackageOf(ctx.globals.receiverPackage, ctx.config.operatorPackage),
      ...(args["session-id"] === undefined ? {} : { sessionId: args["session-id"] }),
      outDir: args.out ?? DEFAULT_PULL_DIR,
    });
  },
  pretty: (result) => {
    const r = result;
    return `pulled ${r.sessionId} from ${r.deviceId} to ${r.localPath} (${r.bytes} bytes)`;
  },
});

export default handler;
