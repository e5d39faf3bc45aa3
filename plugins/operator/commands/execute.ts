import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { apkClamps } from "../../../core/contracts/apk-clamps.ts";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import { payloadBytes } from "../../../core/contracts/payload-size.ts";
import { namesRefs } from "../../../core/contracts/refs.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { executeArgs } from "../command-args.ts";
import { readExecutionInput, unwrapCompiled } from "./read-execution-input.ts";
import { targetOf } from "./run-actions.ts";
import { renderViewed } from "../views/render-view.ts";

const handler: CommandHandler<typeof executeArgs> = {
  async run({ args, globals, services }) {
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
    const r = result as {
      validated?: boolean;
      payloadBytes?: number;
      apkClamps?: { path: string; value: number; applied: number; reason: string }[];
      execution?: { commandId: string; actions: { id: string; type: string }[] };
    };
    if (!r.validated || !r.execution) return renderViewed(result);
    const steps = r.execution.actions.map((a, i) => `  ${i + 1}. ${a.id}: ${a.type}`).join("\n");
    const clamps = (r.apkClamps ?? [])
      .map((c) => `\n  note: ${c.path} ${c.value} runs as ${c.applied} on the device (${c.reason})`)
      .join("");
    return `valid execution ${r.execution.commandId} (${r.payloadBytes} bytes)\n${steps}${clamps}`;
  },
  exitCode: (result) => ((result as { ok?: boolean }).ok === false ? 1 : 0),
};

export default handler;
