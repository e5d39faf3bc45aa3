/**
 * `clawperator/errors`: the error class, its guard, the codes and each code's exit code and HTTP status
 * (docs/errors.md). The class and its guard are also at the package root.
 */
export { ClawperatorError, type ClawperatorErrorShape, isClawperatorError } from "./clawperator-error.ts";
export { ERROR_CATALOGUE, type ErrorCode, ErrorCodes, exitCodeOf, httpStatusOf, isErrorCode } from "./error-codes.ts";
