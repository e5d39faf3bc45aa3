import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { searchArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

const handler = defineCommandHandler(searchArgs, {
  async run(args, ctx) {
    const { app, intent, keyword } = args;
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
    return (await localSkills(ctx)).search(
      {
        ...(app ? { app } : {}),
        ...(intent ? { intent } : {}),
        ...(keyword ? { keyword } : {}),
      },
      scopeOf(args),
    );
  },
  pretty: renderSkillList,
});

export default handler;
