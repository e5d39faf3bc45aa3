import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { screenshotArgs } from "../command-args.ts";
import { cliExecution, exitCodeOfResult, runExecution } from "./run-actions.ts";
import { renderResult } from "../../../android/operator/render-result.ts";

const observeScreenshot = defineCommandHandler(screenshotArgs, {
  run: (args, ctx) =>
    runExecution(
      ctx,
      cliExecution(ctx, "screenshot", [
        { id: "screenshot", type: "take_screenshot", ...(args.path ? { params: { path: args.path } } : {}) },
      ]),
      {
        force: args.force === true,
      },
    ),
  pretty: renderResult,
  exitCode: exitCodeOfResult,
});

export default observeScreenshot;
