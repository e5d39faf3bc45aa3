import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { agentArg } from "../command-args.ts";
import { renderStatus } from "./render.ts";
import { skillsRuntime } from "./runtime.ts";

/**
 * Every skill with OpenClaw's status fields and why it is blocked; `--agent` sets whose allowlist
 * `blockedByAgentFilter` reflects. Installed packages are checked on the device --device names; none otherwise.
 */
const handler: CommandHandler<typeof agentArg> = {
  run: async (ctx) =>
    (await skillsRuntime(ctx)).status({
      ...(ctx.args.agent !== undefined ? { agentId: ctx.args.agent } : {}),
      ...(ctx.globals.deviceId ? { deviceId: ctx.globals.deviceId } : {}),
    }),
  pretty: renderStatus,
};

export default handler;
