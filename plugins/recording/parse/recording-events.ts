import { z } from "zod";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { linesOfBuffer, type RecordingLine } from "./recording-lines.ts";

/** Line 1 of a recording (docs/recording.md#header). */
export interface RecordingHeader {
  type: "recording_header";
  schemaVersion: number;
  sessionId: string;
  startedAt: number;
  operatorPackage: string;
}

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface EventBase {
  ts: number;
  seq: number;
  /** The screen's XML when the event arrived; null when the APK had none (or the line held no string). */
  snapshot: string | null;
}
export interface WindowChangeEvent extends EventBase {
  type: "window_change";
  packageName: string;
  className: string | null;
  title: string | null;
}
export interface ClickEvent extends EventBase {
  type: "click";
  packageName: string;
  resourceId: string | null;
  text: string | null;
  contentDesc: string | null;
  bounds: Bounds;
}
export interface ScrollEvent extends EventBase {
  type: "scroll";
  packageName: string;
  resourceId: string | null;
  scrollX: number;
  scrollY: number;
  maxScrollX: number;
  maxScrollY: number;
}
export interface TextChangeEvent extends EventBase {
  type: "text_change";
  packageName: string;
  resourceId: string | null;
  text: string;
}
export interface PressKeyEvent extends EventBase {
  type: "press_key";
  key: "back";
}
export type RecordingEvent = WindowChangeEvent | ClickEvent | ScrollEvent | TextChangeEvent | PressKeyEvent;

export interface RecordingFile {
  header: RecordingHeader;
  /** In file order; sort by `seq` for the order they happened in. */
  events: RecordingEvent[];
  /** The reference's snapshot warnings, in file order. */
  warnings: string[];
}

const nullableString = z.string().nullable();
const HeaderSchema = z.object({
  type: z.literal("recording_header"),
  sessionId: z.string(),
  startedAt: z.number(),
  operatorPackage: z.string(),
  schemaVersion: z.number(),
});
const EventSchema = z.object({ ts: z.number(), seq: z.number(), type: z.string() });
const BoundsSchema = z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() });

/** The per-type checks and what each failure says (docs/recording.md#validation, step 5), in the reference's words. */
const TYPES = {
  window_change: { schema: z.object({ packageName: z.string() }), problem: "missing packageName" },
  click: {
    schema: z.object({
      packageName: z.string(),
      resourceId: nullableString,
      text: nullableString,
      contentDesc: nullableString,
      bounds: BoundsSchema,
    }),
    problem: "missing required fields",
  },
  scroll: {
    schema: z.object({
      packageName: z.string(),
      resourceId: nullableString,
      scrollX: z.number(),
      scrollY: z.number(),
      maxScrollX: z.number(),
      maxScrollY: z.number(),
    }),
    problem: "missing required fields",
  },
  text_change: {
    schema: z.object({ packageName: z.string(), resourceId: nullableString, text: z.string() }),
    problem: "missing required fields",
  },
  press_key: { schema: z.object({ key: z.literal("back") }), problem: "missing or invalid key" },
} as const;
type EventType = keyof typeof TYPES;

const failed = (message: string, details?: Record<string, unknown>) =>
  new ClawperatorError("RECORDING_PARSE_FAILED", message, details ? { details } : {});

const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * The event with only its declared fields, copied: whatever else a device put on the line (deep nesting, huge
 * extras) is left behind before anything walks or serializes it.
 */
function eventOf(type: EventType, line: Record<string, unknown>, base: EventBase): RecordingEvent {
  switch (type) {
    case "window_change":
      return {
        ...base,
        type,
        packageName: line.packageName as string,
        className: stringOrNull(line.className),
        title: stringOrNull(line.title),
      };
    case "click": {
      const b = line.bounds as Bounds;
      return {
        ...base,
        type,
        packageName: line.packageName as string,
        resourceId: line.resourceId as string | null,
        text: line.text as string | null,
        contentDesc: line.contentDesc as string | null,
        bounds: { left: b.left, top: b.top, right: b.right, bottom: b.bottom },
      };
    }
    case "scroll":
      return {
        ...base,
        type,
        packageName: line.packageName as string,
        resourceId: line.resourceId as string | null,
        scrollX: line.scrollX as number,
        scrollY: line.scrollY as number,
        maxScrollX: line.maxScrollX as number,
        maxScrollY: line.maxScrollY as number,
      };
    case "text_change":
      return {
        ...base,
        type,
        packageName: line.packageName as string,
        resourceId: line.resourceId as string | null,
        text: line.text as string,
      };
    case "press_key":
      return { ...base, type, key: "back" };
  }
}

/** Parses a line as JSON; undefined when it is not. */
function json(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** What scanning a recording found besides its events, which it hands on one at a time. */
export interface ScannedRecording {
  header: RecordingHeader;
  /** The reference's snapshot warnings, in file order. */
  warnings: string[];
}

/**
 * Reads a recording's NDJSON with the reference's validation, in its order (docs/recording.md#validation):
 * non-empty trimmed lines, the header, its schema version, then each event's common and per-type fields, and a
 * warning for each window_change or click without a snapshot. Every failure is RECORDING_PARSE_FAILED (or
 * RECORDING_SCHEMA_VERSION_UNSUPPORTED) naming the line, counted among the non-empty lines from 1. Each event goes
 * to `onEvent` with the line it came from as it is read: a caller keeps what it needs (memory is one line, not the
 * file).
 */
export function scanRecording(
  lines: Iterable<RecordingLine>,
  onEvent: (event: RecordingEvent, line: RecordingLine) => void,
): ScannedRecording {
  let header: RecordingHeader | undefined;
  const warnings: string[] = [];
  let at = 0;
  for (const line of lines) {
    const text = line.text.trim();
    if (text === "") continue;
    at++;
    if (!header) {
      header = headerOf(text);
      continue;
    }
    const value = json(text);
    if (value === undefined) throw failed(`Malformed NDJSON at line ${at}`, { line: at });
    const common = EventSchema.safeParse(value);
    if (!common.success)
      throw failed(`Invalid event at line ${at}: missing required fields (ts, seq, type)`, { line: at });
    const { type, ts, seq } = common.data;
    if (!Object.hasOwn(TYPES, type)) throw failed(`Unknown event type at line ${at}: ${type}`, { line: at, type });
    const known = type as EventType;
    if (!TYPES[known].schema.safeParse(value).success)
      throw failed(`Invalid ${known} event at line ${at}: ${TYPES[known].problem}`, { line: at, type: known });
    const fields = value as Record<string, unknown>;
    // The reference warns on a null or missing snapshot; anything else that is not text is no snapshot either.
    const snapshot = stringOrNull(fields.snapshot);
    if (snapshot === null && (known === "window_change" || known === "click"))
      warnings.push(`seq ${seq}: snapshot missing on ${known} event (uiStateBefore null)`);
    onEvent(eventOf(known, fields, { ts, seq, snapshot }), line);
  }
  if (!header) throw failed("Empty recording file");
  return { header, warnings };
}

function headerOf(text: string): RecordingHeader {
  const header = HeaderSchema.safeParse(json(text));
  if (!header.success) throw failed("Missing or invalid recording header");
  if (header.data.schemaVersion !== 1) {
    throw new ClawperatorError(
      "RECORDING_SCHEMA_VERSION_UNSUPPORTED",
      `Unsupported recording schema version: ${header.data.schemaVersion}`,
      { details: { schemaVersion: header.data.schemaVersion, supported: [1] } },
    );
  }
  return {
    type: "recording_header",
    schemaVersion: header.data.schemaVersion,
    sessionId: header.data.sessionId,
    startedAt: header.data.startedAt,
    operatorPackage: header.data.operatorPackage,
  };
}

/** A recording held in memory (pulled from a device, or a file read whole), its events kept with their snapshots. */
export function readRecording(data: string | Buffer): RecordingFile {
  const events: RecordingEvent[] = [];
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const { header, warnings } = scanRecording(linesOfBuffer(bytes), (event) => events.push(event));
  return { header, events, warnings };
}

/** The events in the order they happened: by `seq`, stable (the reference never reads `ts`). */
export const inSeqOrder = (events: readonly RecordingEvent[]) => [...events].sort((a, b) => a.seq - b.seq);
