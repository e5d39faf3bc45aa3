import type { ResultEnvelope } from "../../../core/contracts/envelope.ts";
import { APK_COMMAND_PREFIX, APK_HIERARCHY_MARKER, APK_RESULT_PREFIX } from "../protocol/operator-apk-facts.ts";
import type { DeviceLogWriter, LogPriority } from "../device/log-types.ts";
import { TIMBER_MAX_LOG_LENGTH, timberPieces } from "./timber-split.ts";

/**
 * Log tags of a debug build of the APK: the calling class's simple name (docs/protocol.md#the-apks-log-lines).
 * Readers must not rely on them: release builds obfuscate tags, so the host matches message texts only.
 */
export const OPERATOR_TAGS = {
  receiver: "OperatorCommandReceiver",
  receiverAsync: "OperatorCommandReceiver$onReceive",
  executor: "AgentCommandExecutorDefault",
  executorAsync: "AgentCommandExecutorDefault$execute",
  sink: "LoggingTaskStatusSink",
  runnerManager: "TaskRunnerManagerDefault",
  engine: "UiActionEngineDefault",
  task: "TaskScopeDefault",
  taskUi: "TaskUiScopeDefault",
  tree: "UiTreeManagerAndroid",
  service: "OperatorAccessibilityService",
  recording: "RecordingRuntime",
  recordingDiag: "RecordingDiag",
} as const;

const CC = APK_COMMAND_PREFIX;

/** `k=v` pairs as Kotlin's Map.toString writes them: `{k=v, k2=v2}`, `{}` when empty. */
export const kotlinMap = (data: Readonly<Record<string, string>>): string =>
  `{${Object.entries(data)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ")}}`;

/** What `Log.e(tag, msg, throwable)` appends: a line break and the exception's stack. */
export const stackTrace = (exception: string, message: string, frame: string): string =>
  `\n${exception}: ${message}\n\tat ${frame}`;

/** The parser throws IllegalArgumentException (Kotlin's require) for every payload it refuses. */
const parserStack = (message: string) =>
  stackTrace(
    "java.lang.IllegalArgumentException",
    message,
    "clawperator.operator.agent.AgentCommandParserDefault.parse(AgentCommandParser.kt)",
  );

/** The correlation part of every `[Clawperator-Command]` line: unquoted ids. */
export interface CommandIds {
  commandId: string;
  taskId: string;
}
const ct = ({ commandId, taskId }: CommandIds) => `commandId=${commandId} taskId=${taskId}`;

/** Everything the operator writes to the device log, with the APK's messages, priorities and tags. */
export class OperatorLog {
  constructor(
    private readonly writer: DeviceLogWriter,
    private readonly pid: number | undefined,
  ) {}

  /**
   * One message as Timber's DebugTree hands it to android.util.Log: split when it is long, and every line of a
   * record printed by logcat on its own line (the device log stores one entry per printed line).
   */
  message(priority: LogPriority, tag: string, text: string): void {
    // A long message's pieces are single lines already; a short one is one record that logcat prints line by line.
    const lines = text.length < TIMBER_MAX_LOG_LENGTH ? text.split("\n") : timberPieces(text);
    // logcat prints no empty line for a message's final line break.
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    this.writer.writeLines(priority, tag, lines, this.pid);
  }

  // The receiver.
  receiverParseFailure(exception: string): void {
    this.message(
      "E",
      OPERATOR_TAGS.receiver,
      `[Operator-Receiver] Failed to parse agent command payload${parserStack(exception)}`,
    );
  }

  receiverMissingPayload(): void {
    this.message("E", OPERATOR_TAGS.receiver, "[Operator-Receiver] Missing required agent payload extra: payload");
  }

  receiverUnavailable(ids: CommandIds): void {
    this.message("E", OPERATOR_TAGS.receiver, `[Operator-Receiver] Accessibility service is not available ${ct(ids)}`);
  }

  receiverUnavailableUnparseable(exception: string): void {
    this.message(
      "E",
      OPERATOR_TAGS.receiver,
      `[Operator-Receiver] Accessibility service is not available and failed to parse agent command payload` +
        `${parserStack(exception)}`,
    );
  }

  receiverCompleted(ids: CommandIds): void {
    this.message(
      "D",
      OPERATOR_TAGS.receiverAsync,
      `[Operator-Receiver] Agent command completed successfully ${ct(ids)}`,
    );
  }

  receiverFailed(ids: CommandIds, error: string): void {
    this.message("E", OPERATOR_TAGS.receiverAsync, `[Operator-Receiver] Agent command failed ${ct(ids)}: ${error}`);
  }

  // The executor.
  queued(ids: CommandIds): void {
    this.message("I", OPERATOR_TAGS.executor, `${CC} queued ${ct(ids)} waiting_for_active_command=true`);
  }

  start(ids: CommandIds, source: string, timeoutMs: number, actionCount: number): void {
    this.message(
      "I",
      OPERATOR_TAGS.executorAsync,
      `${CC} start ${ct(ids)} source=${source} timeoutMs=${timeoutMs} actionCount=${actionCount}`,
    );
  }

  commandSuccess(ids: CommandIds, stepCount: number): void {
    this.message("I", OPERATOR_TAGS.executorAsync, `${CC} success ${ct(ids)} stepCount=${stepCount}`);
  }

  commandFailure(ids: CommandIds, reason: string): void {
    this.message(
      "E",
      OPERATOR_TAGS.executorAsync,
      `${CC} failure ${ct(ids)} reason=${reason}` +
        stackTrace(
          "java.lang.IllegalStateException",
          reason,
          "clawperator.operator.agent.AgentCommandExecutorDefault.execute(AgentCommandExecutor.kt)",
        ),
    );
  }

  /** The one result line: compact JSON escapes every line break; a long one is still split like any message. */
  result(envelope: ResultEnvelope): void {
    this.message("I", OPERATOR_TAGS.executorAsync, APK_RESULT_PREFIX + JSON.stringify(envelope));
  }

  // The task runner.
  taskStarted(): void {
    this.message("D", OPERATOR_TAGS.runnerManager, "[TaskRunnerManager] Task execution started");
  }

  taskCompleted(elapsedMs: number, value: string): void {
    this.message(
      "D",
      OPERATOR_TAGS.runnerManager,
      `[TaskRunnerManager] Task completed successfully in ${elapsedMs}ms with value: ${value}`,
    );
  }

  taskFailed(elapsedMs: number, reason: string): void {
    this.message("E", OPERATOR_TAGS.runnerManager, `[TaskRunnerManager] Task failed after ${elapsedMs}ms: ${reason}`);
  }

  // The action engine.
  stepStart(id: string, kind: string): void {
    this.message("D", OPERATOR_TAGS.engine, `[UiActionEngine] step_start id=${id} type=${kind}`);
  }

  stepSuccess(id: string, kind: string, data: Readonly<Record<string, string>>): void {
    this.message(
      "D",
      OPERATOR_TAGS.engine,
      `[UiActionEngine] step_success id=${id} type=${kind} data=${kotlinMap(data)}`,
    );
  }

  // Stages (LoggingTaskStatusSink).
  stageStart(ids: CommandIds, stage: string, label: string): void {
    this.message("D", OPERATOR_TAGS.sink, `${CC} stage-start ${ct(ids)} id=${stage} label=${label}`);
  }

  stageSuccess(ids: CommandIds, stage: string, data: Readonly<Record<string, string>>): void {
    this.message("D", OPERATOR_TAGS.sink, `${CC} stage-success ${ct(ids)} id=${stage} data=${kotlinMap(data)}`);
  }

  stageRetry(ids: CommandIds, stage: string, attempt: number, maxAttempts: number, delayMs: number): void {
    this.message(
      "D",
      OPERATOR_TAGS.sink,
      `${CC} stage-retry ${ct(ids)} id=${stage} attempt=${attempt}/${maxAttempts} delayMs=${delayMs}`,
    );
  }

  stageFailure(ids: CommandIds, stage: string, reason: string): void {
    this.message(
      "E",
      OPERATOR_TAGS.sink,
      `${CC} stage-failure ${ct(ids)} id=${stage} reason=${reason}` +
        stackTrace(
          "java.lang.IllegalStateException",
          reason,
          "clawperator.task.runner.TaskUiScopeDefault.withRetry(TaskUiScopeDefault.kt)",
        ),
    );
  }

  stageLog(ids: CommandIds, text: string): void {
    this.message("D", OPERATOR_TAGS.sink, `${CC} stage-log ${ct(ids)} message=${text}`);
  }

  // Scopes.
  scope(text: string): void {
    this.message("D", OPERATOR_TAGS.task, `[TaskScope] ${text}`);
  }

  uiScope(text: string): void {
    this.message("D", OPERATOR_TAGS.taskUi, `[TaskUiScope] ${text}`);
  }

  tree(text: string): void {
    this.message("D", OPERATOR_TAGS.tree, `[UiTreeManager] ${text}`);
  }

  // Recording (RecordingManagerDefault, RecordingEventFilterDefault) and the accessibility service around it.
  recording(priority: "I" | "W", text: string): void {
    this.message(priority, OPERATOR_TAGS.recording, text);
  }

  /** Debug builds only. */
  recordingDiag(text: string): void {
    this.message("I", OPERATOR_TAGS.recordingDiag, text);
  }

  recordingFilterFailed(source: "accessibility event" | "key event", error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.message(
      "E",
      OPERATOR_TAGS.service,
      `[Operator-AccessibilityService] RecordingEventFilter failed for ${source}` +
        stackTrace(
          "java.lang.RuntimeException",
          message,
          "clawperator.operator.recording.RecordingEventFilterDefault.onAccessibilityEvent(RecordingEventFilter.kt)",
        ),
    );
  }

  /**
   * The hierarchy: ONE message `[TaskScope] UI Hierarchy:\n<xml>\n`, which logcat prints line by line
   * (docs/protocol.md#snapshots). Written from its lines directly: whether Timber passes it whole (under 4,000 units)
   * or per line, what logcat prints is the same lines, a line over 4,000 units cut every 4,000.
   */
  hierarchy(xmlLines: readonly string[]): void {
    const lines = [APK_HIERARCHY_MARKER];
    for (const element of xmlLines) {
      // A raw line break inside a value is a line break to logcat and Timber alike.
      for (const line of element.includes("\n") ? element.split("\n") : [element]) {
        if (line.length <= TIMBER_MAX_LOG_LENGTH) lines.push(line);
        else
          for (let i = 0; i < line.length; i += TIMBER_MAX_LOG_LENGTH)
            lines.push(line.slice(i, i + TIMBER_MAX_LOG_LENGTH));
      }
    }
    this.writer.writeLines("D", OPERATOR_TAGS.task, lines, this.pid);
  }
}
