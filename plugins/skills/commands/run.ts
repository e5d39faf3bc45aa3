import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { SkillRunOutcome } from "../../../core/services/skills.ts";
import type { runArgs } from "../command-args.ts";
import { skillsRuntime } from "./runtime.ts";

/** Failures after the skill was found: printed in spec/000's "skills run Failure Shape", fields at the top. */
const RUN_FAILURES = new Set([
  "SKILL_EXECUTION_FAILED",
  "SKILL_EXECUTION_TIMEOUT",
  "SKILL_OUTPUT_ASSERTION_FAILED",
  "SKILL_RESULT_PARSE_FAILED",
  "SKILL_SCRIPT_NOT_FOUND",
  "SKILL_AGENT_CLI_UNAVAILABLE",
]);

type Failure = { status: "failed"; code: string; message: string } & Record<string, unknown>;

const FRAME_MARKER = "[Clawperator-Skill-Result]";

/** Writes a skill's output as it comes, whole lines of stdout at a time, leaving out the frame and its JSON line. */
function liveOutput(): (chunk: string, stream: "stdout" | "stderr") => void {
  let pending = "";
  let inFrame = false;
  return (chunk, stream) => {
    if (stream === "stderr") return void process.stderr.write(chunk);
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      if (line.trim() === FRAME_MARKER) inFrame = true;
      else if (inFrame) inFrame = false;
      else process.stdout.write(`${line}\n`);
    }
  };
}

const handler: CommandHandler<typeof runArgs> = {
  async run(ctx) {
    const skillId = ctx.args.skill_id;
    if (!skillId) throw new ClawperatorError("USAGE", "skills run <skill_id> [--device-id <id>] [-- <extra_args>]");
    const expect = ctx.args["expect-contains"] as unknown;
    if (expect === "" || expect === true) throw new ClawperatorError("USAGE", "--expect-contains requires a value");
    const pretty = ctx.globals.output === "pretty";
    if (pretty) process.stdout.write(`── skill ${skillId} ──\n`);
    try {
      return await (await skillsRuntime(ctx)).run({
        skillId,
        args: ctx.args._,
        validate: ctx.args["skip-validate"] !== true,
        ...(ctx.args.agent !== undefined ? { agentId: ctx.args.agent } : {}),
        ...(ctx.globals.deviceId ? { deviceId: ctx.globals.deviceId } : {}),
        ...(ctx.globals.receiverPackage ? { operatorPackage: ctx.globals.receiverPackage } : {}),
        ...(ctx.globals.timeoutMs === undefined ? {} : { timeoutMs: ctx.globals.timeoutMs }),
        ...(typeof expect === "string" ? { expectContains: expect } : {}),
        // People see the skill's output live (without its result frame, which the summary says in words); agents
        // get one JSON document at the end.
        ...(pretty ? { onOutput: liveOutput() } : {}),
      });
    } catch (error) {
      if (!(error instanceof ClawperatorError) || !RUN_FAILURES.has(error.code)) throw error;
      return { status: "failed", code: error.code, message: error.message, ...error.details } satisfies Failure;
    }
  },
  pretty(result) {
    const r = result as SkillRunOutcome | Failure;
    const warnings = ((r.warnings as string[] | undefined) ?? []).map((w) => `\nwarning: ${w}`).join("");
    if (r.status === "failed") {
      const f = r as Failure;
      // The script's output was shown as it ran: the failure is said once, here.
      return `── failed: ${f.code}: ${f.message}${warnings}`;
    }
    const ok = r as SkillRunOutcome;
    const verdict = ok.status === "success" ? "success" : `indeterminate: ${ok.reason ?? ok.message}`;
    return (
      `── ${verdict} (exit ${ok.exitCode}, ${ok.durationMs} ms)` +
      `${ok.skillResult ? `, skill result ${ok.skillResult.status}` : ""}${warnings}`
    );
  },
  // Only a proved success exits 0: a failure or an unproved verification is not one.
  exitCode: (result) => ((result as { status: string }).status === "success" ? 0 : 1),
};

export default handler;
