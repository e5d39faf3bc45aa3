import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { installDepsArgs } from "../command-args.ts";
import { localSkills } from "./local-skills.ts";

/**
 * OpenClaw's `skills.install`: runs one of a skill's install options (`--install-id`, else the preferred one);
 * `--timeout <ms>` bounds it (default 300000); pretty mode shows the installer's lines as they come.
 */
const handler = defineCommandHandler(installDepsArgs, {
  async run(args, ctx) {
    if (!args.name) throw new ClawperatorError("USAGE", "skills install-deps <name> [--install-id <id>]");
    return (await localSkills(ctx)).installDependency({
      name: args.name,
      ...(args["install-id"] ? { installId: args["install-id"] } : {}),
      ...(ctx.globals.timeoutMs !== undefined ? { timeoutMs: ctx.globals.timeoutMs } : {}),
      onProgress: (line) => ctx.logger.progress(`  ${line}`),
    });
  },
  pretty(result) {
    const r = result;
    const where = r.targetDir ?? r.binDir;
    return [
      `${r.message}: ${r.name} (${r.installId}, ${r.kind})${where ? ` -> ${where}` : ""}`,
      ...r.warnings.map((w) => `warning: ${w}`),
    ].join("\n");
  },
});

export default handler;
