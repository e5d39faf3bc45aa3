import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { payloadBytes, validateExecution } from "../../../core/contracts/validate-execution.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { executeArgs } from "../command-args.ts";
import { readExecutionInput } from "./read-execution-input.ts";
import { renderResult } from "../../../android/operator/render-result.ts";

const handler: CommandHandler<typeof executeArgs> = {
  async run({ args, globals, services }) {
    const source = args.execution ?? args.file;
    if (source === undefined || (args.execution !== undefined && args.file !== undefined)) {
      throw new ClawperatorError("USAGE", "execute needs exactly one execution: --execution <json|path> or a file path", {
        hint: "clawperator execute --execution '{\"commandId\":...}'  or  clawperator exec ./execution.json",
      });
    }
    const input = readExecutionInput(source);
    const withTimeout = globals.timeoutMs !== undefined && typeof input === "object" && input !== null
      ? { ...input, timeoutMs: globals.timeoutMs }
      : input;
    const execution = validateExecution(withTimeout);
    if (args["validate-only"]) return { ok: true, validated: true, payloadBytes: payloadBytes(execution), execution };
    return services.resolve(ExecutionRunner).run({
      execution,
      ...(globals.deviceId ? { deviceId: globals.deviceId } : {}),
      ...(globals.receiverPackage ? { receiverPackage: globals.receiverPackage } : {}),
    });
  },
  pretty(result) {
    const r = result as { validated?: boolean; payloadBytes?: number; execution?: { commandId: string; actions: { id: string; type: string }[] } };
    if (!r.validated || !r.execution) return renderResult(result);
    const steps = r.execution.actions.map((a, i) => `  ${i + 1}. ${a.id}: ${a.type}`).join("\n");
    return `valid execution ${r.execution.commandId} (${r.payloadBytes} bytes)\n${steps}`;
  },
  exitCode: (result) => ((result as { ok?: boolean }).ok === false ? 1 : 0),
};

export default handler;
