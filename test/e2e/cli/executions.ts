/** A valid execution in the agent's input form: `tap` is an alias the CLI must rewrite to `click`. */
export function tapExecution(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    commandId: "cmd-e2e-1",
    taskId: "task-e2e",
    source: "cli-e2e",
    expectedFormat: "android-ui-automator",
    timeoutMs: 5_000,
    actions: [
      { id: "open", type: "open_app", params: { applicationId: "com.android.settings" } },
      { id: "tap-ok", type: "tap", params: { matcher: { textEquals: "OK" } } },
    ],
    ...overrides,
  };
}

/** What `tapExecution()` must become after validation: aliases canonical, nothing else added. */
export function canonicalTapExecution(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return tapExecution({
    actions: [
      { id: "open", type: "open_app", params: { applicationId: "com.android.settings" } },
      { id: "tap-ok", type: "click", params: { matcher: { textEquals: "OK" } } },
    ],
    ...overrides,
  });
}
