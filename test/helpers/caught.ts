import { expect } from "vitest";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";

/** Runs `fn`, expecting it to throw (or reject with) a ClawperatorError, and returns the error. */
export async function caught(fn: () => unknown): Promise<ClawperatorError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ClawperatorError);
    return error as ClawperatorError;
  }
  throw new Error("expected a ClawperatorError");
}
