import { ExecutionSchema, type Execution } from "./execution.ts";
import { formatPath, issueMessage, issuePath } from "./issue-message.ts";
import { fail, isRecord, normalizeExecution, type ValidateOptions } from "./normalize-execution.ts";
import { assertPayloadSize } from "./payload-size.ts";
import { assertUniqueIds } from "./unique-ids.ts";

export type { ValidateOptions } from "./normalize-execution.ts";
export { payloadBytes } from "./payload-size.ts";

/**
 * Normalize → validate one execution with the zod schemas (the source of truth). Returns the canonical execution
 * (aliases and spellings resolved, nothing else added) or throws EXECUTION_ACTION_UNSUPPORTED,
 * EXECUTION_VALIDATION_FAILED (details.path like `actions.0.params.key`) or PAYLOAD_TOO_LARGE.
 */
export function validateExecution(input: unknown, options: ValidateOptions = {}): Execution {
  const candidate = normalizeExecution(input, options);
  assertPayloadSize(candidate);

  const parsed = ExecutionSchema.safeParse(candidate);
  if (!parsed.success) {
    const label = (path: readonly PropertyKey[]) => {
      if (path[0] !== "actions" || typeof path[1] !== "number") return undefined;
      const action = (candidate.actions as unknown[])[path[1]];
      const type = isRecord(action) && typeof action.type === "string" ? action.type : `actions.${path[1]}`;
      return { label: type, rest: path.slice(2) };
    };
    const issues = parsed.error.issues.map((issue) => ({
      path: formatPath(issuePath(issue)),
      message: issueMessage(issue, candidate, label),
    }));
    const [first] = issues;
    fail(first!.message, first!.path, { issues });
  }

  const execution = parsed.data as Execution;
  assertUniqueIds(execution.actions);
  return execution;
}
