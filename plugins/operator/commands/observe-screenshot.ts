import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { screenshotArgs } from "../command-args.ts";
import { cliExecution, exitCodeOfResult, runExecution } from "./run-actions.ts";
import { renderResult } from "../../../android/operator/render-result.ts";

const observeScreenshot: CommandHandler<typeof screenshotArgs> = {
  run: (ctx) =>
    runExecution(
      ctx,
      cliExecution(ctx, "screenshot", [
        { id: "screenshot", type: "take_screenshot", ...(ctx.args.path ? { params: { path: ctx.args.path } } : {}) },
      ]),
      {
        force: ctx.args.force === true,
      },
    ),
  pretty: renderResult,
  exitCode: exitCodeOfResult,
};

export default observeScreenshot;
