import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { cliExecution, exitCodeOfResult, runExecution } from "./run-actions.ts";
import { renderResult } from "../../../android/operator/render-result.ts";

/** `observe snapshot` builds a one-action execution itself; it needs no schema validation. */
const observeSnapshot = defineCommandHandler({
  run: (_args, ctx) => runExecution(ctx, cliExecution(ctx, "snapshot", [{ id: "snapshot", type: "snapshot_ui" }])),
  pretty: renderResult,
  exitCode: exitCodeOfResult,
});

export default observeSnapshot;
