import { randomBytes } from "node:crypto";
import type { Action } from "../../../core/contracts/actions.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { EXPECTED_FORMAT } from "../../../core/contracts/limits.ts";

/** The reference's timeout for the observe routes. */
const OBSERVE_TIMEOUT_MS = 30_000;

/** A one-action execution for the observe routes; built valid, so it skips schema validation (as the CLI's do). */
export function observeExecution(kind: "snapshot" | "screenshot", action: Action): Execution {
  const commandId = `serve-${kind}-${Date.now()}-${randomBytes(3).toString("hex")}`;
  return {
    commandId,
    taskId: commandId,
    source: "serve-api",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: OBSERVE_TIMEOUT_MS,
    actions: [action],
  };
}
