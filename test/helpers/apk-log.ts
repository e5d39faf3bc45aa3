/**
 * Device logs in the real Operator APK's words (docs/protocol.md#the-apks-log-lines, a debug build's tags), printed
 * as `logcat -v time` prints them, for testing the host against what a real phone writes before the virtual
 * operator writes it too. Each record gets its own millisecond; a record with line breaks prints one line per
 * line, as logcat does.
 */
export class ApkLog {
  readonly lines: string[] = [];
  timeMs = Date.UTC(2026, 10, 26, 3, 0, 0, 0);

  constructor(readonly pid = 4242) {}

  record(priority: string, tag: string, message: string, pid = this.pid): this {
    const d = new Date(this.timeMs);
    const two = (n: number) => String(n).padStart(2, "0");
    const stamp =
      `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:` +
      `${two(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, "0")}`;
    for (const line of message.replace(/\n$/, "").split("\n"))
      this.lines.push(`${stamp} ${priority}/${tag}(${String(pid).padStart(5)}): ${line}`);
    this.timeMs += 1;
    return this;
  }

  /** The host's dispatch marker (a `log -t Clawperator` line from the shell, another process). */
  dispatch(nonce: string, commandId: string): this {
    return this.record("I", "Clawperator", `[Clawperator-Dispatch] ${nonce} commandId=${commandId}`, 9999);
  }

  queued(c: string, t: string): this {
    return this.record(
      "I",
      "AgentCommandExecutorDefault$execute",
      `[Clawperator-Command] queued commandId=${c} taskId=${t} waiting_for_active_command=true`,
    );
  }

  start(c: string, t: string, actionCount: number, timeoutMs = 30000): this {
    this.record(
      "I",
      "AgentCommandExecutorDefault$execute",
      `[Clawperator-Command] start commandId=${c} taskId=${t} source=test timeoutMs=${timeoutMs} actionCount=` +
        `${actionCount}`,
    );
    return this.record("D", "TaskRunnerManagerDefault", "[TaskRunnerManager] Task execution started");
  }

  snapshotStep(c: string, t: string, id: string, xml: string): this {
    this.record("D", "UiActionEngineDefault", `[UiActionEngine] step_start id=${id} type=SnapshotUi`);
    this.record(
      "D",
      "LoggingTaskStatusSink",
      `[Clawperator-Command] stage-start commandId=${c} taskId=${t} id=logUiTree label=Logging UI tree`,
    );
    this.record("D", "TaskScopeDefault", "[TaskScope] Logging UI tree");
    this.record("D", "TaskScopeDefault", `[TaskScope] UI Hierarchy:\n${xml}\n`);
    this.record(
      "D",
      "LoggingTaskStatusSink",
      `[Clawperator-Command] stage-success commandId=${c} taskId=${t} id=logUiTree data={stage_id=logUiTree, ` +
        `node_count=2, max_depth=1, actual_format=hierarchy_xml, foreground_package=com.android.settings, ` +
        `has_overlay=false, window_count=1, truncated=false, elapsed_ms=3, attempt=1}`,
    );
    return this.record(
      "D",
      "UiActionEngineDefault",
      `[UiActionEngine] step_success id=${id} type=SnapshotUi data={actual_format=hierarchy_xml, ` +
        `foreground_package=com.android.settings, has_overlay=false, window_count=1}`,
    );
  }

  readStep(c: string, t: string, id: string, text: string): this {
    const m = matcher(text);
    this.record("D", "UiActionEngineDefault", `[UiActionEngine] step_start id=${id} type=ReadText`);
    this.record("D", "TaskScopeDefault", "[TaskScope] Executing UI operations");
    this.record(
      "D",
      "LoggingTaskStatusSink",
      `[Clawperator-Command] stage-start commandId=${c} taskId=${t} id=getText(${m}) label=getText(${m})`,
    );
    this.record("D", "TaskUiScopeDefault", `[TaskUiScope] Got text from matching node: '${text}'`);
    this.record(
      "D",
      "LoggingTaskStatusSink",
      `[Clawperator-Command] stage-success commandId=${c} taskId=${t} id=getText(${m}) data={elapsed_ms=2, attempt=1}`,
    );
    this.record("D", "TaskScopeDefault", "[TaskScope] UI operations completed");
    return this.record(
      "D",
      "UiActionEngineDefault",
      `[UiActionEngine] step_success id=${id} type=ReadText data={text=${text}, validator=none}`,
    );
  }

  /** A click on a node that is not there, one attempt: the step throws and the whole command fails. */
  failingClick(c: string, t: string, id: string, text: string): this {
    const m = matcher(text);
    return this.failingStep(c, t, {
      id,
      kind: "Click",
      stage: `click(${m})`,
      reason: `No UI node found matching criteria: ${m}`,
      context: `matcher=${m}, failure_point=not_found, attempt=1`,
      before: () => {
        this.record("D", "TaskScopeDefault", "[TaskScope] Executing UI operations");
        this.record(
          "D",
          "LoggingTaskStatusSink",
          `[Clawperator-Command] stage-start commandId=${c} taskId=${t} id=click(${m}) label=click(${m})`,
        );
        this.record("D", "TaskUiScopeDefault", `[TaskUiScope] Clicking node matching: ${m}`);
      },
    });
  }

  /**
   * A step whose last attempt threw: its stage-failure line with the exception, the `StageFailure context:`
   * stage-log line (when the stage has one), and the command's failure lines, as TaskUiScopeDefault.withRetry and
   * the executor log them. `kind` is the step's Kotlin type (`Click`, `ReadText`, …); `reason` the exception's
   * message as the stage logs it.
   */
  failingStep(
    c: string,
    t: string,
    step: { id: string; kind: string; stage: string; reason: string; context?: string; before?: () => void },
  ): this {
    const { reason } = step;
    const message = reason.replace(/^[a-z_]+: /, "");
    this.record("D", "UiActionEngineDefault", `[UiActionEngine] step_start id=${step.id} type=${step.kind}`);
    step.before?.();
    this.record(
      "E",
      "LoggingTaskStatusSink",
      `[Clawperator-Command] stage-failure commandId=${c} taskId=${t} id=${step.stage} reason=${reason}\n` +
        `java.lang.IllegalStateException: ${message}\n` +
        `\tat clawperator.task.runner.TaskUiScopeDefault.withRetry(TaskUiScopeDefault.kt:88)`,
    );
    if (step.context !== undefined) {
      this.record(
        "D",
        "LoggingTaskStatusSink",
        `[Clawperator-Command] stage-log commandId=${c} taskId=${t} message=StageFailure context: ${step.context}`,
      );
    }
    this.record(
      "E",
      "TaskRunnerManagerDefault",
      `[TaskRunnerManager] Task failed after 12ms: Task execution failed: ${message}`,
    );
    return this.record(
      "E",
      "AgentCommandExecutorDefault$execute",
      `[Clawperator-Command] failure commandId=${c} taskId=${t} reason=Task execution failed: ${message}\n` +
        `java.lang.IllegalStateException: ${message}\n\tat x.y(Z.kt:1)`,
    );
  }

  result(envelope: Record<string, unknown>): this {
    return this.record("I", "AgentCommandExecutorDefault$execute", `[Clawperator-Result] ${JSON.stringify(envelope)}`);
  }

  /** A result line as Timber's DebugTree logs one of 4,000 units or more: pieces of 4,000, one record each. */
  splitResult(envelope: Record<string, unknown>, between?: () => void): this {
    const message = `[Clawperator-Result] ${JSON.stringify(envelope)}`;
    for (let at = 0; at < message.length; at += 4_000) {
      this.record("I", "AgentCommandExecutorDefault$execute", message.slice(at, at + 4_000));
      if (at + 4_000 < message.length) between?.();
    }
    return this;
  }

  success(c: string, t: string, steps: unknown[]): this {
    this.record(
      "I",
      "AgentCommandExecutorDefault$execute",
      `[Clawperator-Command] success commandId=${c} taskId=${t} stepCount=${steps.length}`,
    );
    return this.result({ commandId: c, taskId: t, status: "success", stepResults: steps, error: null });
  }

  /** The failed envelope the real APK sends: no step results, no errorCode. */
  failed(c: string, t: string, error: string): this {
    return this.result({ commandId: c, taskId: t, status: "failed", stepResults: [], error });
  }

  /** A line of another process, which may fall anywhere. */
  noise(text = "onAccessibilityEvent(TYPE_WINDOW_CONTENT_CHANGED)"): this {
    return this.record("D", "OperatorAccessibilityService", `[Operator-AccessibilityService] ${text}`, 777);
  }
}

export const matcher = (text: string) =>
  `NodeMatcher(resourceId=null, role=null, textEquals=${text}, textContains=null, contentDescEquals=null, ` +
  `contentDescContains=null)`;

export const snapshotXml = (text: string) =>
  [
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    '<hierarchy rotation="0">',
    `  <node index="0" text="${text}" resource-id="" class="android.widget.FrameLayout" ` +
      `package="com.android.settings" content-desc="" checkable="false" checked="false" clickable="false" ` +
      `enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" ` +
      `password="false" selected="false" bounds="[0,0][1080,2400]">`,
    "  </node>",
    "</hierarchy>",
  ].join("\n");
