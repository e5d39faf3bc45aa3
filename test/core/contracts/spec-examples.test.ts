import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";

/** Example executions of the reference product (its payload example, the `/execute` example requests), verbatim. */
const EXAMPLE_EXECUTIONS: Readonly<Record<string, string>> = {
  "Execution Payload":
    `{ "commandId": "unique-id-123", "taskId": "task-456", "source": "my-agent", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 60000, "actions": [ { "id": "step1", "type": "open_app", "params": { ` +
    `"applicationId": "com.example.app" } }, { "id": "step2", "type": "enter_text", "params": { "matcher": { ` +
    `"resourceId": "com.example.app:id/search_input" }, "text": "hello", "submit": true } }, { "id": "step3", ` +
    `"type": "click", "params": { "matcher": { "textEquals": "Login" }, "clickType": "default" } }, { "id": ` +
    `"step4", "type": "snapshot_ui" } ] }`,
  "API Overview":
    `{ "commandId": "my-cmd-001", "taskId": "my-task-001", "source": "my-agent", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "step1", "type": "click", "params": { ` +
    `"matcher": { "resourceId": "com.example:id/submit" } } } ] }`,
  click:
    `{ "commandId": "cmd-click-1", "taskId": "task-click-1", "source": "local-test", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "click1", "type": "click", "params": { ` +
    `"matcher": { "resourceId": "com.example.app:id/submit_button" }, "clickType": "default" } } ] }`,
  enter_text:
    `{ "commandId": "cmd-type-1", "taskId": "task-type-1", "source": "local-test", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "type1", "type": "enter_text", "params": { ` +
    `"matcher": { "resourceId": "com.example.app:id/search_input" }, "text": "hello world", "submit": true ` +
    `} } ] }`,
  read_text:
    `{ "commandId": "cmd-read-1", "taskId": "task-read-1", "source": "local-test", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "read1", "type": "read_text", "params": { ` +
    `"matcher": { "resourceId": "com.example.app:id/temperature_label" } } } ] }`,
  snapshot_ui:
    `{ "commandId": "cmd-snap-1", "taskId": "task-snap-1", "source": "local-test", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "snap1", "type": "snapshot_ui" } ] }`,
  press_key:
    `{ "commandId": "cmd-press-home", "taskId": "task-press-home", "source": "local-test", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "open1", "type": "open_app", "params": { ` +
    `"applicationId": "com.android.settings" } }, { "id": "home1", "type": "press_key", "params": { "key": ` +
    `"home" } }, { "id": "snap1", "type": "snapshot_ui" } ] }`,
  scroll:
    `{ "commandId": "cmd-scroll-1", "taskId": "task-explore", "source": "agent", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 30000, "actions": [ { "id": "snap1", "type": "snapshot_ui" }, { "id": ` +
    `"scr1", "type": "scroll", "params": { "direction": "down" } }, { "id": "snap2", "type": "snapshot_ui" } ] }`,
  "Execution Unit Contract":
    `{ "commandId": "cmd-123", "taskId": "task-123", "source": "openclaw", "expectedFormat": ` +
    `"android-ui-automator", "timeoutMs": 90000, "actions": [ { "id": "close", "type": "close_app", "params": { ` +
    `"applicationId": "com.example.app" } }, { "id": "open", "type": "open_app", "params": { "applicationId": ` +
    `"com.example.app" } }, { "id": "wait", "type": "sleep", "params": { "durationMs": 3000 } } ] }`,
};

describe("the spec's example executions", () => {
  it.each(Object.entries(EXAMPLE_EXECUTIONS))("%s is valid and comes back unchanged", (_name, json) => {
    const input: unknown = JSON.parse(json);
    expect(validateExecution(input)).toEqual(input);
  });
});
