import { describe, expect, it } from "vitest";
import { fastValidExecution } from "../../../core/contracts/fast-validate.ts";
import { validateExecution } from "../../../core/contracts/index.ts";
import { normalizeExecution } from "../../../core/contracts/normalize-execution.ts";
import { ACCEPTED, REFUSED, rowExecution } from "../../helpers/apk-parser-table.ts";
import { ACTION_SPECS } from "./spec-tables.ts";
import { execution, single } from "./fixtures.ts";

/** Values that break one slot or another: wrong types, edges, out of range. */
const ODD_VALUES: unknown[] = [
  null,
  "",
  " ",
  "x",
  0,
  -1,
  0.5,
  1e9,
  Number.NaN,
  true,
  [],
  {},
  { textEquals: "" },
  "a".repeat(600),
];

function* variants(base: Record<string, unknown>): Generator<Record<string, unknown>> {
  yield base;
  for (const key of Object.keys(base)) {
    const { [key]: _dropped, ...rest } = base;
    yield rest;
    for (const value of ODD_VALUES) yield { ...base, [key]: value };
  }
  const actions = base.actions as Record<string, unknown>[];
  for (const [index, action] of actions.entries()) {
    const params = (action.params ?? {}) as Record<string, unknown>;
    for (const key of [...Object.keys(params), "unknownKey"]) {
      const { [key]: _dropped, ...rest } = params;
      const withParams = (p: unknown) => ({
        ...base,
        actions: actions.map((a, i) => (i === index ? { ...a, params: p } : a)),
      });
      yield withParams(rest);
      for (const value of ODD_VALUES) yield withParams({ ...params, [key]: value });
    }
  }
}

const SEEDS: Record<string, unknown>[] = [
  ...[...ACCEPTED, ...REFUSED].map((row) => rowExecution(row)),
  ...Object.entries(ACTION_SPECS).map(([type, spec]) => single(type, { ...spec.required, ...spec.optional })),
  execution([
    {
      id: "r",
      type: "read_text",
      params: { matcher: { textEquals: "v" }, validator: "regex", validatorPattern: "\\d+" },
    },
  ]),
];

/** What the full validator does with `input`: the execution, or the error code. */
function zodOutcome(input: unknown): unknown {
  try {
    return validateExecution(input);
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe("the hot-path validator agrees with the zod schemas (the source of truth)", () => {
  it("never accepts what zod refuses, and returns exactly what zod returns when it accepts", () => {
    let accepted = 0;
    let checked = 0;
    for (const seed of SEEDS) {
      for (const input of variants(seed)) {
        let candidate: Record<string, unknown>;
        try {
          candidate = normalizeExecution(input, {});
        } catch {
          continue;
        }
        checked++;
        const fast = fastValidExecution(candidate);
        const zod = zodOutcome(input);
        if (fast) {
          accepted++;
          expect(zod, JSON.stringify(input).slice(0, 300)).toEqual(fast);
        } else if (typeof zod === "object" && !JSON.stringify(input).includes("validatorPattern")) {
          // It answers every valid shape itself (a regex pattern aside): a valid execution never loads zod.
          expect.fail(`zod accepts, the hot path does not: ${JSON.stringify(input).slice(0, 300)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5_000);
    expect(accepted).toBeGreaterThan(250);
  });

  it("answers every accepted row of the parser table except a regex pattern, which only zod checks", () => {
    for (const row of ACCEPTED.filter((r) => !r.hostRefuses)) {
      const input = rowExecution(row);
      const fast = fastValidExecution(normalizeExecution(input, {}));
      if (JSON.stringify(input).includes("validatorPattern")) expect(fast).toBeUndefined();
      else expect(fast, row.name).toEqual(validateExecution(input));
    }
  });
});
