/** What starts the Operator APK's result log line (docs/protocol.md#results); kept apart from the zod schemas. */
export const RESULT_PREFIX = "[Clawperator-Result] ";
