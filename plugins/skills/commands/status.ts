import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import { renderStatus } from "./render.ts";
import { skillsRuntime } from "./runtime.ts";

/** Installed packages are checked on the device --device (or CLAWPERATOR_DEVICE_ID) names; none otherwise. */
const handler: CommandHandler = {
  run: (ctx) => skillsRuntime(ctx).status(ctx.globals.deviceId ? { deviceId: ctx.globals.deviceId } : {}),
  pretty: renderStatus,
};

export default handler;
