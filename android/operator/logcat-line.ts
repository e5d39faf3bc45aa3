export interface LogLine {
  priority: string;
  tag: string;
  pid: number | undefined;
  message: string;
}

// The `s` flag: a message may hold U+2028 or U+2029 (a screen's text in an envelope), which `.` would not match.
// -v time: `MM-DD HH:MM:SS.mmm P/Tag( pid): msg`; -v brief: `P/Tag( pid): msg`.
const TIME_OR_BRIEF = /^(?:\d\d-\d\d \d\d:\d\d:\d\d\.\d+\s+)?([VDIWEFS])\/(.*?)\(\s*(\d+)\): ?(.*)$/s;
// -v threadtime (logcat's default): `MM-DD HH:MM:SS.mmm  pid  tid P Tag: msg`.
const THREADTIME = /^\d\d-\d\d \d\d:\d\d:\d\d\.\d+\s+(\d+)\s+\d+\s+([VDIWEFS])\s+(.*?)\s*: ?(.*)$/s;
// -v tag: `P/Tag: msg`.
const TAG = /^([VDIWEFS])\/(.*?): ?(.*)$/s;

/**
 * Splits a logcat line into priority, tag, pid and message for the formats logcat prints. Tags are not stable
 * across APK builds (docs/protocol.md#the-apks-log-lines), so callers match on the message, never on the tag.
 */
export function parseLogLine(line: string): LogLine | undefined {
  let m = TIME_OR_BRIEF.exec(line);
  if (m) return { priority: m[1]!, tag: m[2]!.trimEnd(), pid: Number(m[3]), message: m[4]! };
  m = THREADTIME.exec(line);
  if (m) return { priority: m[2]!, tag: m[3]!, pid: Number(m[1]), message: m[4]! };
  m = TAG.exec(line);
  if (m) return { priority: m[1]!, tag: m[2]!.trimEnd(), pid: undefined, message: m[3]! };
  return undefined;
}
