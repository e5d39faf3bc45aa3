import { processIo, type ToolIo } from "./tool-io.ts";

export const SDK_TOOLS = ["sdkmanager", "avdmanager", "emulator"] as const;
export type VirtualSdkTool = (typeof SDK_TOOLS)[number];

/**
 * Runs one stand-in tool with its command line; resolves with its exit code. Each tool is imported only when run:
 * sdkmanager and avdmanager then start without loading the virtual device the emulator needs.
 */
export async function runSdkTool(
  tool: string,
  argv: readonly string[],
  sdkRoot: string,
  io: ToolIo = processIo(),
): Promise<number> {
  switch (tool) {
    case "sdkmanager":
      return (await import("./sdkmanager.ts")).runSdkmanager(sdkRoot, argv, io);
    case "avdmanager":
      return (await import("./avdmanager.ts")).runAvdmanager(sdkRoot, argv, io);
    case "emulator":
      return (await import("./emulator-tool.ts")).runEmulator(sdkRoot, argv, io);
    default:
      io.err(`unknown virtual SDK tool ${tool}\n`);
      return 2;
  }
}
