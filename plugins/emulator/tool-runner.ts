import { resolveSdkTool, type SdkTool } from "./sdk-tools.ts";

export interface ToolResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** The command line, for error details. */
  command: string;
}

export interface ToolRunOptions {
  /** Written to the tool's stdin (answers to its prompts), then closed. */
  input?: string;
  timeoutMs?: number;
}

/** Runs the SDK's command-line tools (sdkmanager, avdmanager, `emulator -list-avds`) to completion. */
export interface SdkTools {
  /** The tool's path; ANDROID_SDK_TOOL_MISSING when it is not installed. */
  path(tool: SdkTool): string;
  run(tool: SdkTool, args: readonly string[], options?: ToolRunOptions): Promise<ToolResult>;
}

export function createSdkTools(env: NodeJS.ProcessEnv = process.env): SdkTools {
  return {
    path: (tool) => resolveSdkTool(tool, env),
    async run(tool, args, options = {}) {
      const path = resolveSdkTool(tool, env);
      const { execa } = await import("execa");
      const result = await execa(path, args, {
        env,
        extendEnv: false,
        reject: false,
        ...(options.input === undefined ? { stdin: "ignore" as const } : { input: options.input }),
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      });
      return {
        stdout: String(result.stdout ?? ""),
        stderr: String(result.stderr ?? ""),
        exitCode: result.exitCode ?? 1,
        command: [tool, ...args].join(" "),
      };
    },
  };
}

/** The last lines of a tool's output, for an error message a person can act on. */
export function outputTail(result: Pick<ToolResult, "stdout" | "stderr">, lines = 8): string {
  return `${result.stdout}\n${result.stderr}`
    .trim()
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "")
    .slice(-lines)
    .join("\n");
}
