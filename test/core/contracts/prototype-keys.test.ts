import { describe, expect, it } from "vitest";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { validateExecution } from "../../../core/contracts/validate-execution.ts";
import { execution, single } from "./fixtures.ts";

// JavaScript's own property names in an execution. The CLI's hot path looked keys up in plain
// objects, so `__proto__` found Object.prototype ("check is not a function"), `hasOwnProperty` and `valueOf` were
// called as checks (INTERNAL_ERROR), and `constructor` and `toString` passed as known keys and went to the device.
// Parsed as JSON, as the CLI and the HTTP body read them, every one is an own key.

const NAMES = Object.getOwnPropertyNames(Object.prototype);
const parsed = (value: unknown, key: string, replacement: unknown) =>
  JSON.parse(
    JSON.stringify(value).replace('"__KEY__"', JSON.stringify(key)).replace('"__VALUE__"', JSON.stringify(replacement)),
  );

/** Both validators' answers: the execution, or the code and message of the refusal (anything else is thrown). */
async function answers(input: unknown) {
  const answer = (run: () => unknown) => {
    try {
      return { execution: run() };
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      return { code: error.code, message: error.message };
    }
  };
  const zod = answer(() => validateExecution(input));
  let cli: unknown;
  try {
    cli = { execution: await checkExecution(input) };
  } catch (error) {
    if (!(error instanceof ClawperatorError)) throw error;
    cli = { code: error.code, message: error.message };
  }
  return { zod, cli };
}

// Where an input key or word is looked up in a table of ours, with the name put there.
const PLACES: Record<string, unknown> = {
  "a params key": single("sleep", { durationMs: 1, __KEY__: 1 }),
  "a retry key": single("snapshot_ui", { retry: { maxAttempts: 1, __KEY__: 1 } }),
  "a matcher key": single("click", { matcher: { textEquals: "OK", __KEY__: "x" } }),
  "an action key": execution([{ id: "a1", type: "snapshot_ui", __KEY__: 1 }]),
  "a top-level key": execution([{ id: "a1", type: "snapshot_ui" }], { __KEY__: "x" }),
  "an action type": execution([{ id: "a1", type: "__VALUE__", params: { durationMs: 1 } }]),
  "an enum word": single("scroll", { direction: "__VALUE__" }),
  "a clickType word": single("click", { matcher: { textEquals: "OK" }, clickType: "__VALUE__" }),
};

describe("JavaScript's own property names are refused like any unknown key, type or word, by both validators", () => {
  for (const [place, template] of Object.entries(PLACES)) {
    it.each(NAMES)(`${place}: %s`, async (name) => {
      const input = parsed(template, name, name);
      const { zod, cli } = await answers(input);
      expect(cli).toEqual(zod);
      expect(zod).toMatchObject({ code: expect.stringMatching(/^EXECUTION_(VALIDATION_FAILED|ACTION_UNSUPPORTED)$/) });
    });
  }

  it("an action type such as constructor is named unsupported, not a broken alias", async () => {
    const { cli } = await answers(parsed(PLACES["an action type"], "", "constructor"));
    expect(cli).toEqual({
      code: "EXECUTION_ACTION_UNSUPPORTED",
      message: expect.stringContaining('actions.0.type "constructor" is not a supported action type'),
    });
  });
});
