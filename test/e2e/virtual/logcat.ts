import { RESULT_PREFIX, type ResultEnvelope } from "../../../core/contracts/envelope.ts";

/** One line of `logcat -v time`: `MM-DD HH:MM:SS.mmm P/Tag( pid): message` (logcat pads the tag to 8, the pid to 5). */
export const TIME_LINE = /^(\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) ([VDIWEF])\/(.+?) *\( *(\d+)\): (.*)$/;
/** `logcat -v brief`: `P/Tag( pid): message`. */
export const BRIEF_LINE = /^([VDIWEF])\/(.+?) *\( *(\d+)\): (.*)$/;
/** `logcat -v tag`: `P/Tag: message`. */
export const TAG_LINE = /^([VDIWEF])\/(.+?) *: (.*)$/;
/** logcat's own buffer headers, printed before the first entry of each buffer. */
export const BUFFER_HEADER = /^--------- beginning of \w+$/;

export interface LogcatRecord {
  priority: string;
  tag: string;
  pid: number;
  message: string;
}

/** Output lines without the trailing empty one (adb keeps the device's `\n`; a pty would add `\r`). */
export function linesOf(stdout: string): string[] {
  const lines = stdout.split("\n").map((line) => line.replace(/\r$/, ""));
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Parses `logcat -v time` output; a line of any other shape fails the test that reads it. */
export function parseTimeFormat(stdout: string): LogcatRecord[] {
  return linesOf(stdout)
    .filter((line) => !BUFFER_HEADER.test(line))
    .map((line) => {
      const match = TIME_LINE.exec(line);
      if (!match) throw new Error(`not a \`logcat -v time\` line: ${JSON.stringify(line)}`);
      return { priority: match[2]!, tag: match[3]!, pid: Number(match[4]), message: match[5]! };
    });
}

/** The real APK's snapshot marker: it names no command (docs/protocol.md#snapshots). */
export const SNAPSHOT_MARKER = "[TaskScope] UI Hierarchy:";

/**
 * The records of one snapshot block of `commandId`: from the first marker after that command's start line to the
 * record holding `</hierarchy>`. Returns the marker's index too, so callers can check what surrounds it.
 */
export function snapshotRecords(records: LogcatRecord[], commandId: string): { start: number; block: LogcatRecord[] } {
  const begun = records.findIndex((r) => r.message.startsWith(`[Clawperator-Command] start commandId=${commandId} `));
  if (begun < 0) throw new Error(`no start line for ${commandId}`);
  const start = records.findIndex((r, i) => i > begun && r.message === SNAPSHOT_MARKER);
  if (start < 0) throw new Error(`no snapshot marker for ${commandId}`);
  const end = records.findIndex((r, i) => i > start && r.message.endsWith("</hierarchy>"));
  if (end < 0) throw new Error(`snapshot of ${commandId} never reaches </hierarchy>`);
  return { start, block: records.slice(start, end + 1) };
}

/** The XML of a snapshot block: one XML line per record, except a line Timber cut every 4,000 UTF-16 units. */
export function snapshotXml(records: LogcatRecord[], commandId: string): string {
  let xml = "";
  let previous: string | undefined;
  for (const { message } of snapshotRecords(records, commandId).block.slice(1)) {
    xml += previous === undefined || previous.length >= 4_000 ? message : `\n${message}`;
    previous = message;
  }
  return xml;
}

/** The `[Clawperator-Result]` envelope of `commandId`, parsed from its single log record. */
export function resultLine(
  records: LogcatRecord[],
  commandId: string,
): { envelope: ResultEnvelope; record: LogcatRecord } {
  for (const record of records) {
    if (!record.message.startsWith(RESULT_PREFIX)) continue;
    const envelope = JSON.parse(record.message.slice(RESULT_PREFIX.length)) as ResultEnvelope;
    if (envelope.commandId === commandId) return { envelope, record };
  }
  throw new Error(`no [Clawperator-Result] line for ${commandId}`);
}
