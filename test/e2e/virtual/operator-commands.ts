import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ResultEnvelope } from "../../../core/contracts/envelope.ts";
import type { AdbHarness } from "../../helpers/adb-harness.ts";
import { parseTimeFormat, resultLine, type LogcatRecord } from "./logcat.ts";

export const OPERATOR_PACKAGE = "com.clawperator.operator";
/** The shipped APK's action (docs/protocol.md#dispatch). */
export const AGENT_ACTION = "app.clawperator.operator.ACTION_AGENT_COMMAND";

/**
 * Single-quotes one word for the device's sh, each `'` written as `'"'"'`; written out here so the test does not trust
 * the product's quoting.
 */
export const sq = (word: string): string => `'${word.replaceAll("'", `'"'"'`)}'`;

export interface E2eAction {
  id: string;
  type: string;
  params?: Record<string, unknown>;
}

let counter = 0;

export function execution(actions: E2eAction[], commandId = `e2e-${process.pid}-${++counter}`) {
  return {
    commandId,
    taskId: "e2e-virtual",
    source: "clawperator-e2e",
    expectedFormat: "android-ui-automator",
    timeoutMs: 10_000,
    actions,
  };
}

export type E2eExecution = ReturnType<typeof execution>;

/**
 * The dispatch command line of docs/protocol.md#dispatch: one `am broadcast` to the operator package with the execution
 * as `payload`.
 */
export const agentBroadcast = (body: E2eExecution): string =>
  `am broadcast -a ${AGENT_ACTION} -p ${OPERATOR_PACKAGE} --es payload ${sq(JSON.stringify(body))}`;

export interface ExecutionRun {
  commandId: string;
  /** `am broadcast`'s own output and exit code. */
  broadcast: { exitCode: number; stdout: string; stderr: string };
  /** The whole log, read back with `adb logcat -d -v time` after the operator finished. */
  records: LogcatRecord[];
  envelope: ResultEnvelope;
}

/**
 * Sends an execution through `adb shell` as the host does, waits until the operator has finished it (the device's
 * own idle signal, not a sleep), and reads the log back through adb.
 */
export async function runExecution(
  harness: AdbHarness,
  device: RunningVirtualDevice,
  actions: E2eAction[],
): Promise<ExecutionRun> {
  const body = execution(actions);
  const sent = await harness.adb(["-s", device.serial, "shell", agentBroadcast(body)]);
  await device.device.idle();
  const dump = await harness.adb(["-s", device.serial, "logcat", "-d", "-v", "time"]);
  const records = parseTimeFormat(String(dump.stdout));
  return {
    commandId: body.commandId,
    broadcast: { exitCode: sent.exitCode ?? -1, stdout: String(sent.stdout), stderr: String(sent.stderr) },
    records,
    envelope: resultLine(records, body.commandId).envelope,
  };
}
