import { z } from "zod";
import { allowedDirsOf, confinePath } from "../../core/host/allowed-paths.ts";
import type { CommandOutcome } from "../run-command.ts";
import { DeviceTarget, zodTool, type AgentTool, type ToolHints, type ToolOutput } from "./agent-tool.ts";
import { ExecutionDetails, RecordingPullDetails } from "./output-schemas.ts";

/** Starting or stopping a recording changes the Operator's state, not the screen: nothing a person did is undone. */
const SESSION: ToolHints = { readOnly: false, destructive: false, idempotent: false, openWorld: true };

const SessionId = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,128}$/)
  .optional()
  .describe("session id: letters, digits, '-' and '_'");

/**
 * A recording command's result: its own words for the model, its JSON as details. A refused start or stop (the
 * APK's code in the step data) is a failed tool call, as the command's exit code is 1.
 */
function recordingOutput(tool: string, outcome: CommandOutcome): ToolOutput {
  const text = outcome.text ?? JSON.stringify(outcome.result);
  if (outcome.exitCode === 0) return { text, details: outcome.result };
  const code = (outcome.result as { error?: { code?: string } }).error?.code ?? "DEVICE_FAILURE_UNCLASSIFIED";
  return { text: `${tool} failed: ${text}`, details: outcome.result, failure: { code, message: text } };
}

export const recordStartTool = zodTool({
  name: "clawperator_record_start",
  description:
    "Start recording what a person does on the device (taps, typing, scrolls, Back, screen changes) into a " +
    "session file on the device. One recording at a time; stop it with clawperator_record_stop.",
  input: z.strictObject({ ...DeviceTarget, sessionId: SessionId }),
  output: ExecutionDetails,
  hints: SESSION,
  async run(ctx, { deviceId, receiverPackage, sessionId }) {
    const clawperator = await ctx.clawperator();
    const args = sessionId === undefined ? {} : { "session-id": sessionId };
    const outcome = await clawperator.command(["record", "start"], args, { deviceId, receiverPackage });
    return recordingOutput("clawperator_record_start", outcome);
  },
});

export const recordStopTool = zodTool({
  name: "clawperator_record_stop",
  description:
    "Stop the device's recording; answers its sessionId, its file on the device and how many events it holds.",
  input: z.strictObject({ ...DeviceTarget, sessionId: SessionId }),
  output: ExecutionDetails,
  hints: SESSION,
  async run(ctx, { deviceId, receiverPackage, sessionId }) {
    const clawperator = await ctx.clawperator();
    const args = sessionId === undefined ? {} : { "session-id": sessionId };
    const outcome = await clawperator.command(["record", "stop"], args, { deviceId, receiverPackage });
    return recordingOutput("clawperator_record_stop", outcome);
  },
});

/** Where `record pull` writes by default (the reference's folder, under the working directory). */
const DEFAULT_PULL_DIR = "./recordings/";

export const recordPullTool = zodTool({
  name: "clawperator_record_pull",
  description:
    "Copy a stopped recording from the device to <out>/<sessionId>.ndjson on this machine (default: the latest " +
    "session, into ./recordings/). `clawperator skills new <id> --from-recording <file>` turns it into a skill.",
  input: z.strictObject({
    ...DeviceTarget,
    sessionId: SessionId,
    out: z
      .string()
      .min(1)
      .optional()
      .describe(
        "local directory for the file (default ./recordings/); must lie in the allowed directories " +
          "(screenshots.allowedDirs: by default the working directory and the OS temp directory)",
      ),
  }),
  output: RecordingPullDetails,
  // Reads the device; writes a file on this machine, the same file again for the same session.
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  async run(ctx, { deviceId, receiverPackage, sessionId, out = DEFAULT_PULL_DIR }) {
    const clawperator = await ctx.clawperator();
    // An agent names this directory: it gets the confinement of every path an agent names.
    const { config } = clawperator.kernel;
    const cwd = process.cwd();
    const allowedDirs = allowedDirsOf(config.screenshots?.allowedDirs, config.filepath, cwd);
    const dir = confinePath(out, { allowedDirs, cwd, names: "directory" }, "out");
    const args = { ...(sessionId === undefined ? {} : { "session-id": sessionId }), out: dir };
    const outcome = await clawperator.command(["record", "pull"], args, { deviceId, receiverPackage });
    return recordingOutput("clawperator_record_pull", outcome);
  },
});

export const RECORDING_TOOLS: readonly AgentTool[] = [recordStartTool, recordStopTool, recordPullTool];
