import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { agentArg } from "../command-args.ts";
import { renderStatus } from "./render.ts";
import { localSkills } from "./local-skills.ts";

/**
 * Every skill with OpenClaw's status fields and why it is blocked; `--agent` sets whose allowlist
 * `blockedByAgentFilter` reflects. Installed packages are checked on the device --device names; none otherwise.
 */
const handler = defineCommandHandler(agentArg, {
  run: async (args, ctx) =>
    (await localSkills(ctx)).status({
      ...(args.agent !== undefined ? { agentId: args.agent } : {}),
      ...(ctx.globals.deviceId ? { deviceId: ctx.globals.deviceId } : {}),
    }),
  pretty: renderStatus,
});

export default handler;
