import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { forAppArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

const handler = defineCommandHandler(forAppArgs, {
  async run(args, ctx) {
    if (!args.package_id)
      throw new ClawperatorError("USAGE", "skills for-app <package_id>", {
        hint: "clawperator skills for-app com.android.settings",
      });
    return (await localSkills(ctx)).search({ app: args.package_id }, scopeOf(args));
  },
  pretty: renderSkillList,
});

export default handler;
