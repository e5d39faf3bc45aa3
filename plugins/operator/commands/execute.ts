import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { apkClamps } from "../../../core/contracts/apk-clamps.ts";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import { payloadBytes } from "../../../core/contracts/payload-size.ts";
import { namesRefs } from "../../../core/contracts/refs.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { executeArgs } from "../command-args.ts";
import { readExecutionInput, unwrapCompiled } from "./read-execution-input.ts";
import { exitCodeOfResult, targetOf } from "./run-actions.ts";
import { renderViewed } from "../views/render-view.ts";

const handler = defineCommandHandler(executeArgs, {
  async run(args, { globals, services }) {
    const source = args.execution ?? args.file;
    if (source === undefined || (args.execution !== undefined && args.file !== undefined)) {
      throw new ClawperatorError(
        "USAGE",
        "execute needs exactly one execution: --execution <json|path> or a file path",
        {
          hint: "clawperator execute --execution '{\"commandId\":...}'  or  clawperator exec ./execution.json",
        },
      );
    }
    const input = unwrapCompiled(await readExecutionInput(source));
    const withTimeout =
      globals.timeoutMs !== undefined && typeof input === "object" && input !== null
        ? { ...input, timeoutMs: globals.timeoutMs }
        : input;
    if (namesRefs(withTimeout) && !args["validate-only"]) {
      return services.resolve(AgentViews).run(withTimeout, {
        ...targetOf(globals),
        ...(args["device-envelope"] ? { deviceEnvelope: true } : {}),
      });
    }
    const execution = await checkExecution(withTimeout);
    if (args["validate-only"])
      return {
        ok: true,
        validated: true,
        payloadBytes: payloadBytes(execution),
        apkClamps: apkClamps(execution),
        execution,
      };
    return services.resolve(ExecutionRunner).run({
      execution,
      ...targetOf(globals),
      ...(args["device-envelope"] ? { deviceEnvelope: true } : {}),
    });
  },
  pretty(result) {
    if (!("validated" in result)) return renderViewed(result);
    const steps = result.execution.actions.map((a, i) => `  ${i + 1}. ${a.id}: ${a.type}`).join("\n");
    const clamps = result.apkClamps
      .map((c) => `\n  note: ${c.path} ${c.value} runs as ${c.applied} on the device (${c.reason})`)
      .join("");
    return `valid execution ${result.execution.commandId} (${result.payloadBytes} bytes)\n${steps}${clamps}`;
  },
  exitCode: exitCodeOfResult,
});

export default handler;
