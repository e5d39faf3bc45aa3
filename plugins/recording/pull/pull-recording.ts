import { join } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { writePrivateFile } from "../files/private-files.ts";
import { MAX_RECORDING_BYTES, MAX_SESSION_ID_LENGTH, recordingsDir, SESSION_ID } from "../recording-paths.ts";

export interface FetchRequest {
  transport: Transport;
  /** The device named by the flag or the config; otherwise the one connected device. */
  deviceId?: string;
  operatorPackage: string;
  sessionId?: string;
}

export interface PullRequest extends FetchRequest {
  /** Local directory (default `./recordings/`). */
  outDir: string;
}

/** A recording's bytes, read from the device, and where they came from. */
export interface FetchedRecording {
  sessionId: string;
  deviceId: string;
  data: Buffer;
}

/** What `record pull` prints (docs/recording.md#record-pull), with the device it read. */
export interface PullOutcome {
  ok: true;
  localPath: string;
  sessionId: string;
  deviceId: string;
  bytes: number;
}

const NO_SESSION = "No recording session found on device. Start a recording first.";
/** A `latest` pointer holds one session id; more than this is no pointer the APK wrote. */
const MAX_POINTER_BYTES = 4096;

const notFound = (message: string, details: Record<string, unknown>) =>
  new ClawperatorError("RECORDING_SESSION_NOT_FOUND", message, {
    hint: "Run `clawperator record stop` to finish a session, or pass --session-id.",
    details,
  });

/**
 * A recording as the reference's pull finds it, but over the Transport's sync pull rather than the adb binary: the
 * session named, else the one the device's `latest` pointer names (written at stop); the id checked before it
 * names any path on the device.
 */
export async function fetchRecording(request: FetchRequest): Promise<FetchedRecording> {
  const { transport } = request;
  const deviceId = request.deviceId ?? selectDevice(await transport.listDevices(), undefined);
  const dir = recordingsDir(request.operatorPackage);
  const pull = (path: string, maxBytes: number) =>
    transport.pull
      ? transport.pull(deviceId, path, { maxBytes })
      : Promise.resolve({ ok: false as const, message: `the ${transport.name} transport cannot pull files` });

  let sessionId = request.sessionId;
  if (sessionId === undefined) {
    const pointer = await pull(`${dir}/latest`, MAX_POINTER_BYTES);
    const named = pointer.ok ? pointer.data.toString("utf8").trim() : "";
    if (named === "")
      throw notFound(NO_SESSION, { deviceId, ...(pointer.ok ? {} : { deviceMessage: pointer.message }) });
    sessionId = named;
  }
  if (!SESSION_ID.test(sessionId) || sessionId.length > MAX_SESSION_ID_LENGTH)
    throw notFound(`Invalid session ID format: ${sessionId.slice(0, MAX_SESSION_ID_LENGTH)}`, { deviceId });

  const remotePath = `${dir}/${sessionId}.ndjson`;
  const file = await pull(remotePath, MAX_RECORDING_BYTES);
  if (!file.ok) {
    throw new ClawperatorError("RECORDING_PULL_FAILED", `Failed to pull recording from device: ${file.message}`, {
      hint: "Check the session id (`record stop` prints it) and --operator-package.",
      details: { deviceId, sessionId, remotePath },
    });
  }
  return { sessionId, deviceId, data: file.data };
}

/** `record pull`: the recording fetched, written to `<outDir>/<sessionId>.ndjson`, replacing one there. */
export async function pullRecording(request: PullRequest): Promise<PullOutcome> {
  const { sessionId, deviceId, data } = await fetchRecording(request);
  const localPath = join(request.outDir, `${sessionId}.ndjson`);
  try {
    writePrivateFile(localPath, data);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ClawperatorError("RECORDING_PULL_FAILED", `Failed to write the recording to ${localPath}: ${why}`, {
      details: { deviceId, sessionId, localPath },
    });
  }
  return { ok: true, localPath, sessionId, deviceId, bytes: data.length };
}
