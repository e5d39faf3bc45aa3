import { expect } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { validateExecution, type ValidateOptions } from "../../../core/contracts/index.ts";

/** An execution with the spec's required top-level fields (docs/execution.md#payload). */
export function execution(actions: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    commandId: "cmd-1",
    taskId: "task-1",
    source: "contract-test",
    expectedFormat: "android-ui-automator",
    timeoutMs: 30_000,
    actions,
    ...overrides,
  };
}

/** One action with id `a1`; `params` is left out when undefined. */
export function action(type: string, params?: unknown): Record<string, unknown> {
  return params === undefined ? { id: "a1", type } : { id: "a1", type, params };
}

/** A single-action execution. */
export const single = (type: string, params?: unknown): Record<string, unknown> => execution([action(type, params)]);

/** Runs validateExecution and returns the ClawperatorError it must throw. */
export function rejection(input: unknown, options?: ValidateOptions): ClawperatorError {
  let thrown: unknown;
  try {
    validateExecution(input, options);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ClawperatorError);
  return thrown as ClawperatorError;
}

/** Asserts an EXECUTION_VALIDATION_FAILED at `path` and returns its message. */
export function validationFailure(input: unknown, path: string): string {
  const error = rejection(input);
  expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
  expect(error.details?.path).toBe(path);
  return error.message;
}
