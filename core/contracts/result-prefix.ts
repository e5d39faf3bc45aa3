/** What starts the Operator APK's result log line (PROTOCOL.md "Results"); kept apart from the zod schemas. */
export const RESULT_PREFIX = "[Clawperator-Result] ";
