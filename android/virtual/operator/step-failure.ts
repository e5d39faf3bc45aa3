/**
 * A step that did not do what it was asked. Its step result is `success:false` with `data.error` = `code` and
 * `data.message`; unless it is one of the APK's expected refusals (`endsExecution: false`), the execution stops
 * there and the envelope fails with the same code.
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
}
