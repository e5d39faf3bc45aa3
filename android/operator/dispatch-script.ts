import type { Execution } from "../../core/contracts/execution.ts";
import type { PreDispatchOutcome } from "../../core/execution/dispatcher.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { MAX_ADB_REQUEST_BYTES } from "../adb/request-limit.ts";
import { shellCommand, shellQuote } from "./shell-quote.ts";

/**
 * The shipped APK's action; the spec text names `com.clawperator.operator.ACTION_AGENT_COMMAND`
 * (docs/protocol.md#dispatch).
 */
export const DEFAULT_OPERATOR_ACTION = "app.clawperator.operator.ACTION_AGENT_COMMAND";

/**
 * The device clock the dispatch prints first; logcat is then read from that time. `%N` gives the fraction (the
 * result stream no longer starts at a whole second, which replayed the previous second's lines); a `date`
 * without `%N` prints it literally and the host falls back to the whole second.
 */
const CLOCK_FORMAT = "+%m-%d %H:%M:%S.%N";

/** The log tag of the dispatch marker (a device-side `log` line; tags are for people, the host reads messages). */
export const DISPATCH_LOG_TAG = "Clawperator";
/** Printed by the dispatch when the device could not write the marker (no `log` command). */
const NO_MARKER = "clawperator-dispatch-marker-failed";

/**
 * The message the dispatch logs on the device right before the broadcast. Everything the result collector counts
 * comes after it in the device log, so a line from an earlier run (the same commandId reused, a run still
 * finishing) can never be taken for this one, whatever the clock resolution.
 */
export function dispatchMarker(nonce: string): string {
  return `[Clawperator-Dispatch] ${nonce}`;
}

/**
 * `am broadcast` of one execution, every token single-quoted; the JSON is one line (JSON.stringify has no newlines).
 */
export function broadcastCommand(
  execution: Execution,
  receiverPackage: string,
  action = DEFAULT_OPERATOR_ACTION,
): string {
  return (
    `am broadcast -a ${shellQuote(action)} -p ${shellQuote(receiverPackage)} --es 'payload' ` +
    `${shellQuote(JSON.stringify(execution))} --receiver-foreground`
  );
}

/** The line printed after each pre-dispatch command with its exit code; the nonce keeps its output from faking it. */
const preDispatchEnd = (nonce: string) => `clawperator-pre-dispatch ${nonce}`;

/**
 * Everything before the result, in one adb round trip: the device clock (the result stream starts there), the
 * pre-dispatch commands (close_app force-stops), each followed by its exit code, the operator presence check,
 * and the broadcast, which runs only when the operator is installed.
 */
export function dispatchScript(input: {
  execution: Execution;
  receiverPackage: string;
  action?: string;
  preDispatch: readonly string[];
  nonce: string;
}): string {
  const marker = `${dispatchMarker(input.nonce)} commandId=${input.execution.commandId.replace(/\s/g, " ")}`;
  const script = [
    `date ${shellQuote(CLOCK_FORMAT)}`,
    ...input.preDispatch.map((command) => `${command} 2>&1; echo ${shellQuote(preDispatchEnd(input.nonce))} $?`),
    `${shellCommand(["log", "-t", DISPATCH_LOG_TAG, marker])} || echo ${NO_MARKER}`,
    `${shellCommand(["pm", "path", input.receiverPackage])} && ` +
      `${broadcastCommand(input.execution, input.receiverPackage, input.action)}`,
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
    `execution ${execution.commandId} becomes a ${bytes}-byte shell command once quoted; adb carries at most ` +
      `${MAX_ADB_REQUEST_BYTES - SERVICE_PREFIX_BYTES}`,
    { hint: "Shorten the text values (each ' in the payload takes 4 bytes once quoted for the device shell)." },
  );
}

export interface DispatchReport {
  /** `MM-DD HH:MM:SS.mmm` on the device right before the dispatch. */
  deviceTime: string | undefined;
  /** Whether the dispatch marker reached the device log. */
  markerLogged: boolean;
  receiverInstalled: boolean;
  broadcastCompleted: boolean;
  /** The pre-dispatch commands that reported their exit code, in order. */
  preDispatch: PreDispatchOutcome[];
}

/** The dispatch script's stdout read back; `nonce` and `preDispatch` are the script's. */
export function parseDispatchOutput(stdout: string, nonce = "", preDispatch: readonly string[] = []): DispatchReport {
  const lines = stdout.split(/\r?\n/);
  const clock = /^(\d\d-\d\d \d\d:\d\d:\d\d)\.(\S*)$/.exec(lines[0]?.trim() ?? "");
  return {
    // Milliseconds are what logcat prints and what every logcat's -T takes.
    deviceTime: clock ? `${clock[1]}.${/^\d{3}/.test(clock[2]!) ? clock[2]!.slice(0, 3) : "000"}` : undefined,
    markerLogged: !lines.includes(NO_MARKER),
    receiverInstalled: lines.some((l) => l.startsWith("package:")),
    broadcastCompleted: lines.some((l) => l.startsWith("Broadcast completed")),
    preDispatch: preDispatchOutcomes(lines.slice(1), preDispatchEnd(nonce), preDispatch),
  };
}

/** Each pre-dispatch command's output runs up to its end line, `<end> <exit code>`. */
function preDispatchOutcomes(lines: string[], end: string, commands: readonly string[]): PreDispatchOutcome[] {
  const outcomes: PreDispatchOutcome[] = [];
  let output: string[] = [];
  for (const line of lines) {
    if (outcomes.length === commands.length) break;
    const exit = line.startsWith(`${end} `) ? /^\d+$/.exec(line.slice(end.length + 1).trim()) : null;
    if (!exit) {
      output.push(line);
      continue;
    }
    outcomes.push({ command: commands[outcomes.length]!, exitCode: Number(exit[0]), output: output.join("\n").trim() });
    output = [];
  }
  return outcomes;
}
