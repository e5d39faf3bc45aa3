import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { searchArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { scopeOf, skillsRuntime } from "./runtime.ts";

const handler: CommandHandler<typeof searchArgs> = {
  async run(ctx) {
    const { app, intent, keyword } = ctx.args;
    if (!app && !intent && !keyword) {
      throw new ClawperatorError(
        "USAGE",
        "skills search requires --app <package_id>, --intent <intent>, or --keyword <text>",
        {
          hint: "clawperator skills search --keyword solax",
          details: { example: "clawperator skills search --keyword solax" },
        },
      );
    }
    return (await skillsRuntime(ctx)).search(
      {
        ...(app ? { app } : {}),
        ...(intent ? { intent } : {}),
        ...(keyword ? { keyword } : {}),
      },
      scopeOf(ctx.args),
    );
  },
  pretty: renderSkillList,
};

export default handler;
