/**
 * A step that did not do what it was asked. One of the APK's expected refusals (`endsExecution: false`) becomes a
 * step result `success:false` with `data.error` = `code` and `data.message`; any other is an exception in the APK:
 * the command stops and fails with `Task execution failed: <message>`.
 */
export class StepFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: Readonly<Record<string, string>> = {},
    readonly endsExecution = true,
  ) {
    super(message);
  }

  /** The same failure as one of the APK's expected refusals: a failed step, and the command goes on. */
  notFatal(): StepFailure {
    return new StepFailure(this.code, this.message, this.data, false);
  }
}
