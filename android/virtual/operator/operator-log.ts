import { RESULT_PREFIX, type ResultEnvelope } from "../../../core/contracts/envelope.ts";
import type { DeviceLogWriter, LogPriority } from "../device/log-types.ts";
import { utf8Chunks } from "./utf8-chunks.ts";

/**
 * Log tags of the debug APK (derived from class names there). Readers must not rely on them: release builds
 * obfuscate tags, so the host matches message prefixes only.
 */
export const OPERATOR_TAGS = {
  task: "TaskScopeDefault",
  executor: "AgentCommandExecutorDefault",
  receiver: "OperatorCommandReceiver",
} as const;

/** Progress lines start with this; the host keeps the last few as evidence when a result never arrives. */
export const PROGRESS_PREFIX = "TaskScopeDefault: ";

export type SnapshotMarkerStyle = "legacy" | "tagged";

/** Everything the operator writes to the device log, in the shapes the host parses. */
export class OperatorLog {
  constructor(
    private readonly writer: DeviceLogWriter,
    private readonly pid: number | undefined,
    private readonly markerStyle: SnapshotMarkerStyle,
  ) {}

  /** Like android.util.Log: a message with line breaks becomes one record per line. */
  write(priority: LogPriority, tag: string, message: string): void {
    for (const line of message.split("\n")) this.writer.write(priority, tag, line, this.pid);
  }

  progress(priority: "D" | "I", message: string): void {
    this.write(priority, OPERATOR_TAGS.task, PROGRESS_PREFIX + message);
  }

  receiverError(message: string): void {
    this.write("E", OPERATOR_TAGS.receiver, message);
  }

  /** The one result line: JSON.stringify escapes every line break, so the envelope is always a single record. */
  result(envelope: ResultEnvelope): void {
    this.writer.write("I", OPERATOR_TAGS.executor, RESULT_PREFIX + JSON.stringify(envelope), this.pid);
  }

  /**
   * A snapshot block: the marker, then the XML one line per record. A line over the record limit is cut into
   * chunks; the host rejoins pieces without a newline unless the previous one ends a tag (`>`), and inside a
   * serialized element `>` only appears at its end, so a cut never looks like a line end.
   */
  snapshot(commandId: string, xml: string): void {
    const marker = this.markerStyle === "tagged" ? `[TaskScope] UI Hierarchy [commandId=${commandId}]:` : "[TaskScope] UI Hierarchy:";
    this.write("D", OPERATOR_TAGS.task, marker);
    for (const line of xml.split("\n")) {
      for (const chunk of utf8Chunks(line)) this.writer.write("D", OPERATOR_TAGS.task, chunk, this.pid);
    }
  }
}
