import { describe, expect, it } from "vitest";
import { checkExecution, ClawperatorError, validateExecution } from "../../../core/contracts/index.ts";
import { ACCEPTED, REFUSED, rowExecution } from "../../helpers/apk-parser-table.ts";

async function refusal(input: unknown): Promise<ClawperatorError> {
  const sync = (() => {
    try {
      validateExecution(input);
    } catch (error) {
      return error;
    }
    return undefined;
  })();
  const lazy = await checkExecution(input).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(sync).toBeInstanceOf(ClawperatorError);
  expect(lazy).toEqual(sync);
  return sync as ClawperatorError;
}

describe("the host contracts take what the APK's parser takes (docs/protocol.md#action-params)", () => {
  it.each(ACCEPTED.filter((row) => !row.hostRefuses).map((row) => [row.name, row] as const))(
    "accepts: %s",
    async (_name, row) => {
      const input = rowExecution(row);
      const execution = validateExecution(input);
      expect(execution.actions).toHaveLength(row.actions.length);
      expect(await checkExecution(input)).toEqual(execution);
    },
  );

  it.each(REFUSED.map((row) => [row.name, row] as const))(
    "refuses before dispatch what the APK could not parse: %s",
    async (_name, row) => {
      const error = await refusal(rowExecution(row));
      expect(["EXECUTION_VALIDATION_FAILED", "EXECUTION_ACTION_UNSUPPORTED"]).toContain(error.code);
    },
  );

  it.each(ACCEPTED.filter((row) => row.hostRefuses).map((row) => [row.name, row] as const))(
    "refuses, where the spec is stricter for a reason: %s",
    async (_name, row) => {
      expect((await refusal(rowExecution(row))).code).toBe("EXECUTION_VALIDATION_FAILED");
    },
  );

  it("sends the canonical forms: lower-cased type and words, scroll_and_click's target as matcher, coordinates as given", () => {
    const execution = validateExecution(
      rowExecution({
        name: "mixed",
        actions: [
          {
            type: "SCROLL_AND_CLICK",
            params: { target: { textEquals: "Zebra" }, clickType: "LONGCLICK", direction: "UP" },
          },
          { type: "click", params: { coordinate: { x: 135, y: 1742 } } },
          { type: "wait_for_node", params: { matcher: { textEquals: "Settings" }, timeoutMs: 5_000 } },
        ],
      }),
    );
    expect(execution.actions).toEqual([
      {
        id: "a1",
        type: "scroll_and_click",
        params: { matcher: { textEquals: "Zebra" }, clickType: "long_click", direction: "up" },
      },
      { id: "a2", type: "click", params: { coordinate: { x: 135, y: 1742 } } },
      { id: "a3", type: "wait_for_node", params: { matcher: { textEquals: "Settings" }, timeoutMs: 5_000 } },
    ]);
  });

  it("names the path of a refused value", () => {
    const error = validateExecution.bind(
      undefined,
      rowExecution({ name: "x", actions: [{ type: "open_app", params: { applicationId: " " } }] }),
    );
    expect(error).toThrowError(
      expect.objectContaining({ details: expect.objectContaining({ path: "actions.0.params.applicationId" }) }),
    );
  });
});
