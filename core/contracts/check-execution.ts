import type { Execution } from "./execution.ts";
import { fastValidExecution } from "./fast-validate.ts";
import { normalizeExecution, type ValidateOptions } from "./normalize-execution.ts";
import { assertPayloadSize } from "./payload-size.ts";
import { assertUniqueIds } from "./unique-ids.ts";

/**
 * validateExecution without loading zod for a valid execution: the hot-path check answers the common case, and
 * anything it is unsure of is validated (and its error written) by the zod schemas, loaded only then.
 * Same results as validateExecution, asynchronously.
 */
export async function checkExecution(input: unknown, options: ValidateOptions = {}): Promise<Execution> {
  const candidate = normalizeExecution(input, options);
  assertPayloadSize(candidate);
  const fast = fastValidExecution(candidate);
  if (fast) {
    assertUniqueIds(fast.actions);
    return fast;
  }
  const { validateExecution } = await import("./validate-execution.ts");
  return validateExecution(input, options);
}
