import { runAvdmanager } from "./avdmanager.ts";
import { runEmulator } from "./emulator-tool.ts";
import { runSdkmanager } from "./sdkmanager.ts";
import { processIo, type ToolIo } from "./tool-io.ts";

export const SDK_TOOLS = ["sdkmanager", "avdmanager", "emulator"] as const;
export type VirtualSdkTool = (typeof SDK_TOOLS)[number];

/** Runs one stand-in tool with its command line; resolves with its exit code. */
export async function runSdkTool(tool: string, argv: readonly string[], sdkRoot: string, io: ToolIo = processIo()): Promise<number> {
  switch (tool) {
    case "sdkmanager":
      return runSdkmanager(sdkRoot, argv, io);
    case "avdmanager":
      return runAvdmanager(sdkRoot, argv, io);
    case "emulator":
      return runEmulator(sdkRoot, argv, io);
    default:
      io.err(`unknown virtual SDK tool ${tool}\n`);
      return 2;
  }
}
