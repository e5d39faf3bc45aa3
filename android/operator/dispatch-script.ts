import type { Execution } from "../../core/contracts/execution.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { MAX_ADB_REQUEST_BYTES } from "../adb/adb-socket.ts";
import { shellCommand, shellQuote } from "./shell-quote.ts";

/** The shipped APK's action; the spec text names `com.clawperator.operator.ACTION_AGENT_COMMAND` (PROTOCOL.md ⚠). */
export const DEFAULT_OPERATOR_ACTION = "app.clawperator.operator.ACTION_AGENT_COMMAND";

/** Marks the device clock line the dispatch prints first; logcat is then read from that time. */
const CLOCK_FORMAT = "+%m-%d %H:%M:%S.000";

/** `am broadcast` of one execution, every token single-quoted; the JSON is one line (JSON.stringify has no newlines). */
export function broadcastCommand(execution: Execution, receiverPackage: string, action = DEFAULT_OPERATOR_ACTION): string {
  return `am broadcast -a ${shellQuote(action)} -p ${shellQuote(receiverPackage)} --es 'payload' ${shellQuote(JSON.stringify(execution))} --receiver-foreground`;
}

/**
 * Everything before the result, in one adb round trip: the device clock (the result stream starts there), the
 * pre-dispatch commands (close_app force-stops), the operator presence check, and the broadcast, which runs
 * only when the operator is installed.
 */
export function dispatchScript(input: { execution: Execution; receiverPackage: string; action?: string; preDispatch: readonly string[] }): string {
  const script = [
    `date ${shellQuote(CLOCK_FORMAT)}`,
    ...input.preDispatch,
    `${shellCommand(["pm", "path", input.receiverPackage])} && ${broadcastCommand(input.execution, input.receiverPackage, input.action)}`,
  ].join("; ");
  assertFitsAdb(script, input.execution);
  return script;
}

/** Room for the shell service name (`shell,v2,raw:`) in front of the script. */
const SERVICE_PREFIX_BYTES = 32;

/**
 * A payload under the 64,000-byte limit can still grow past what adb carries once quoted (each `'` becomes
 * four bytes); refusing it here names the cause instead of adb closing the connection.
 */
function assertFitsAdb(script: string, execution: Execution): void {
  const bytes = Buffer.byteLength(script, "utf8");
  if (bytes + SERVICE_PREFIX_BYTES <= MAX_ADB_REQUEST_BYTES) return;
  throw new ClawperatorError(
    "PAYLOAD_TOO_LARGE",
    `execution ${execution.commandId} becomes a ${bytes}-byte shell command once quoted; adb carries at most ${MAX_ADB_REQUEST_BYTES - SERVICE_PREFIX_BYTES}`,
    { hint: "Shorten the text values (each ' in the payload takes 4 bytes once quoted for the device shell)." },
  );
}

export interface DispatchReport {
  deviceTime: string | undefined;
  receiverInstalled: boolean;
  broadcastCompleted: boolean;
}

export function parseDispatchOutput(stdout: string): DispatchReport {
  const lines = stdout.split(/\r?\n/);
  const first = lines[0]?.trim();
  return {
    deviceTime: first && /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/.test(first) ? first : undefined,
    receiverInstalled: lines.some((l) => l.startsWith("package:")),
    broadcastCompleted: lines.some((l) => l.startsWith("Broadcast completed")),
  };
}
