import type { ApkClamp } from "../../core/contracts/apk-clamps.ts";
import type { ClawperatorErrorShape } from "../../core/contracts/clawperator-error.ts";
import type { RunExecutionResult } from "../../core/execution/runner.ts";
import type { Execution } from "../../core/contracts/execution.ts";

/** What `execute`, `action …` and `observe …` print, and what POST /execute answers (docs/execution.md#result). */
export type ExecutionOutput = RunExecutionResult;

/** What a failed command prints (docs/errors.md). */
export type ErrorOutput = ClawperatorErrorShape;

/** The body of a failed HTTP request. */
export interface HttpErrorBody {
  ok: false;
  error: ClawperatorErrorShape;
}

/** What `execute --validate-only` prints. */
export interface ValidatedOutput {
  ok: true;
  validated: true;
  payloadBytes: number;
  apkClamps: ApkClamp[];
  execution: Execution;
}

/** What `skills run` prints when the skill was found but its run failed (docs/skills-registry.md#failure-shape). */
export type SkillRunFailureOutput = { status: "failed"; code: string; message: string; output?: string } & Record<
  string,
  unknown
>;
