import type { ErrorCode } from "./error-codes.ts";

export interface ClawperatorErrorShape {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}

/** The one structured error of the runtime (spec/001 "Error Codes"). Thrown for every bad input and failure. */
export class ClawperatorError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: { hint?: string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ClawperatorError";
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
    if (options.details !== undefined) this.details = options.details;
  }

  toJSON(): ClawperatorErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export function isClawperatorError(value: unknown): value is ClawperatorError {
  return value instanceof ClawperatorError;
}
