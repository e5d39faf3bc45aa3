import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { forAppArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { scopeOf, skillsRuntime } from "./runtime.ts";

const handler: CommandHandler<typeof forAppArgs> = {
  async run(ctx) {
    if (!ctx.args.package_id)
      throw new ClawperatorError("USAGE", "skills for-app <package_id>", {
        hint: "clawperator skills for-app com.android.settings",
      });
    return (await skillsRuntime(ctx)).search({ app: ctx.args.package_id }, scopeOf(ctx.args));
  },
  pretty: renderSkillList,
};

export default handler;
