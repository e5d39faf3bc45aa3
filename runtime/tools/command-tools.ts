import { stripVTControlCharacters } from "node:util";
import { z } from "zod";
import { DeviceTarget, zodTool, type AgentTool, type ToolOutput } from "./agent-tool.ts";
import { DoctorDetails } from "./output-schemas.ts";
import type { CommandOutcome } from "../run-command.ts";

/** A command's result as a tool output: its own human rendering as the text, the JSON result as details. */
function commandOutput(outcome: CommandOutcome): ToolOutput {
  // A command renders for a terminal; the model gets the words without colour codes.
  const text =
    outcome.text === undefined ? JSON.stringify(outcome.result, null, 2) : stripVTControlCharacters(outcome.text);
  return { text, details: outcome.result };
}

export const doctorTool = zodTool({
  name: "clawperator_doctor",
  description:
    "Check that the host, the device and the Operator APK are ready (adb, device connection, APK installed " +
    "and compatible, accessibility service running, handshake). Run it when an action fails with a setup " +
    "error; each failed check says how to fix it.",
  input: z.strictObject({
    ...DeviceTarget,
    full: z.boolean().optional().describe("also run the slower end-to-end checks"),
  }),
  output: DoctorDetails,
  // Reads by default; `full` installs and launches the Operator APK, which adds to the device but removes nothing.
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  async run(ctx, { deviceId, receiverPackage, full }) {
    const clawperator = await ctx.clawperator();
    const { onProgress } = ctx;
    let lines = 0;
    // Each check doctor starts is a step forward (`full` installs and launches the APK: the slow ones).
    const options = onProgress ? { onProgress: (message: string) => onProgress({ progress: ++lines, message }) } : {};
    const args = full ? { full } : {};
    return commandOutput(await clawperator.command(["doctor"], args, { deviceId, receiverPackage }, options));
  },
});

export const COMMAND_TOOLS: readonly AgentTool[] = [doctorTool];
