import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { forAppArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { skillsRuntime } from "./runtime.ts";

const handler: CommandHandler<typeof forAppArgs> = {
  run(ctx) {
    if (!ctx.args.package_id)
      throw new ClawperatorError("USAGE", "skills for-app <package_id>", {
        hint: "clawperator skills for-app com.android.settings",
      });
    return skillsRuntime(ctx).search({ app: ctx.args.package_id });
  },
  pretty: renderSkillList,
};

export default handler;
