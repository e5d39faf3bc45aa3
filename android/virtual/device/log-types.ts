/** Android log priorities, as logcat prints them. */
export type LogPriority = "V" | "D" | "I" | "W" | "E" | "F";

export interface LogEntry {
  /** Monotonic sequence number, so readers can resume after a given entry. */
  seq: number;
  /** Wall-clock time in ms since the epoch. */
  timeMs: number;
  pid: number;
  tid: number;
  priority: LogPriority;
  tag: string;
  /** One logical line; never contains "\n" (writers split first). */
  message: string;
}

/** What a writer on the device (the operator, am, the shell) needs from the log. */
export interface DeviceLogWriter {
  write(priority: LogPriority, tag: string, message: string, pid?: number): void;
  /** One record already split into the lines logcat prints (none contains a line break), with one timestamp. */
  writeLines(priority: LogPriority, tag: string, lines: readonly string[], pid?: number): void;
}
