import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkExecution } from "../../core/contracts/check-execution.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { fastValidExecution } from "../../core/contracts/fast-validate.ts";
import { normalizeExecution } from "../../core/contracts/normalize-execution.ts";
import { assertPayloadSize } from "../../core/contracts/payload-size.ts";
import { validateExecution } from "../../core/contracts/validate-execution.ts";
import { type FuzzInput, fuzzInput } from "./execution-arbitraries.ts";
import { RUNS, RUNS_TIMEOUT_MS, SEED } from "./fuzz-settings.ts";

// The CLI validates through the hot path (checkExecution, fast-validate.ts), POST /execute through
// the zod schemas (validateExecution). On every input the fuzz benchmark generates they must answer alike: the
// same execution, or the same error.

const NOT_JSON = Symbol("not JSON");
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The value the CLI validates for a case, or NOT_JSON when it never gets that far. */
function parsedValue(input: FuzzInput): unknown {
  try {
    return JSON.parse(input.channel === "inline" ? input.text : utf8.decode(input.bytes));
  } catch {
    return NOT_JSON;
  }
}

type Outcome = { execution: unknown } | { code: string; message: string; details: unknown };
/** A refusal's code, message and details; anything but a ClawperatorError (a crash) fails the property. */
const failure = (error: unknown): Outcome => {
  if (!(error instanceof ClawperatorError)) throw error;
  return { code: error.code, message: error.message, details: error.details };
};

describe("the CLI's hot-path validator and the zod schemas agree", () => {
  it(
    `on the ${RUNS} inputs of the fuzz benchmark's seed: same execution or same error`,
    async () => {
      let compared = 0;
      let fastAccepted = 0;
      await fc.assert(
        fc.asyncProperty(fuzzInput, async (input) => {
          const value = parsedValue(input);
          if (value === NOT_JSON) return;
          compared++;
          let zod: Outcome;
          try {
            zod = { execution: validateExecution(value) };
          } catch (error) {
            zod = failure(error);
          }
          let cli: Outcome;
          try {
            cli = { execution: await checkExecution(value) };
          } catch (error) {
            cli = failure(error);
          }
          expect(cli).toEqual(zod);
          // What checkExecution hands the hot path: normalized, within the payload limit (checked before it).
          let candidate: Record<string, unknown>;
          try {
            candidate = normalizeExecution(value, {});
            assertPayloadSize(candidate);
          } catch {
            return;
          }
          const fast = fastValidExecution(candidate);
          if (fast) {
            fastAccepted++;
            expect(zod).toEqual({ execution: fast });
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(compared).toBeGreaterThan(RUNS / 2);
      expect(fastAccepted).toBeGreaterThan(0);
    },
    RUNS_TIMEOUT_MS,
  );
});
