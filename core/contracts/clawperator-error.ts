import type { ErrorCode } from "./error-codes.ts";

/** The timeout and broadcast diagnostics that sit beside code and message (docs/errors.md#diagnostics). */
export interface DispatchDiagnostics {
  deviceId?: string;
  receiverPackage?: string;
  broadcastDispatchStatus?: string;
  lastCorrelatedEvents?: string[];
}

export interface ClawperatorErrorShape extends DispatchDiagnostics {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}

/**
 * Marks a ClawperatorError whichever copy of this module made it (the CLI bundle's, or the package a plugin imports).
 */
const BRAND = Symbol.for("clawperator.ClawperatorError");

/** The one structured error of the runtime (docs/errors.md). Thrown for every bad input and failure. */
export class ClawperatorError extends Error {
  /** `instanceof` by brand: a plugin's error is recognized though its class is another module instance. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly details?: Record<string, unknown>;
  readonly diagnostics?: DispatchDiagnostics;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      hint?: string;
      details?: Record<string, unknown>;
      diagnostics?: DispatchDiagnostics;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ClawperatorError";
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
    if (options.details !== undefined) this.details = options.details;
    if (options.diagnostics !== undefined) this.diagnostics = options.diagnostics;
  }

  toJSON(): ClawperatorErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...this.diagnostics,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export function isClawperatorError(value: unknown): value is ClawperatorError {
  return value instanceof ClawperatorError;
}

/** Turns anything thrown into the structured error of the spec; unexpected ones become INTERNAL_ERROR. */
export function toClawperatorError(error: unknown): ClawperatorError {
  if (error instanceof ClawperatorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ClawperatorError("INTERNAL_ERROR", message, {
    hint: "This is a bug in clawperator; run again with --verbose and report the output.",
    cause: error,
  });
}
