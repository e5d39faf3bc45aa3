/** adb's host protocol prefixes each request with its length in 4 hex digits. */
export const MAX_ADB_REQUEST_BYTES = 0xffff;
