/**
 * The recording file's lines (docs/recording.md#events), with the APK's keys in the APK's order:
 * kotlinx.serialization writes a data class's properties in declaration order, nulls included, and `type` where
 * the class declares it (first in the header, last in every event). JSON.stringify keeps insertion order.
 */

export const SCHEMA_VERSION = 1;

export interface RecordingBounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const ZERO_BOUNDS: RecordingBounds = { left: 0, top: 0, right: 0, bottom: 0 };

/** What every event has before its own fields: the time it was queued, its order, and the screen it saw. */
interface Stamp {
  ts: number;
  seq: number;
  snapshot: string | null;
}

export type RecordingEvent =
  | (Stamp & { type: "window_change"; packageName: string; className: string | null; title: string | null })
  | (Stamp & {
      type: "click";
      packageName: string;
      resourceId: string | null;
      text: string | null;
      contentDesc: string | null;
      bounds: RecordingBounds;
    })
  | (Stamp & {
      type: "scroll";
      packageName: string;
      resourceId: null;
      scrollX: number;
      scrollY: number;
      maxScrollX: number;
      maxScrollY: number;
    })
  | (Stamp & { type: "text_change"; packageName: string; resourceId: null; text: string })
  | (Stamp & { type: "press_key"; key: "back" });

/** Line 1: `{"type":"recording_header","schemaVersion":1,"sessionId":…,"startedAt":…,"operatorPackage":…}`. */
export function headerLine(sessionId: string, startedAt: number, operatorPackage: string): string {
  return JSON.stringify({
    type: "recording_header",
    schemaVersion: SCHEMA_VERSION,
    sessionId,
    startedAt,
    operatorPackage,
  });
}

/** One event line, its keys in the APK's order whatever order the event object was built in. */
export function eventLine(event: RecordingEvent): string {
  const { ts, seq, snapshot } = event;
  switch (event.type) {
    case "window_change":
      return JSON.stringify({
        ts,
        seq,
        snapshot,
        packageName: event.packageName,
        className: event.className,
        title: event.title,
        type: event.type,
      });
    case "click":
      return JSON.stringify({
        ts,
        seq,
        snapshot,
        packageName: event.packageName,
        resourceId: event.resourceId,
        text: event.text,
        contentDesc: event.contentDesc,
        bounds: {
          left: event.bounds.left,
          top: event.bounds.top,
          right: event.bounds.right,
          bottom: event.bounds.bottom,
        },
        type: event.type,
      });
    case "scroll":
      return JSON.stringify({
        ts,
        seq,
        snapshot,
        packageName: event.packageName,
        resourceId: event.resourceId,
        scrollX: event.scrollX,
        scrollY: event.scrollY,
        maxScrollX: event.maxScrollX,
        maxScrollY: event.maxScrollY,
        type: event.type,
      });
    case "text_change":
      return JSON.stringify({
        ts,
        seq,
        snapshot,
        packageName: event.packageName,
        resourceId: event.resourceId,
        text: event.text,
        type: event.type,
      });
    case "press_key":
      return JSON.stringify({ ts, seq, snapshot, key: event.key, type: event.type });
  }
}
