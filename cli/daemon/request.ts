/** What a client sends for one CLI call: everything the in-process CLI would read from its own process. */
export interface RuntimeRequest {
  token: string;
  build: string;
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  stdinTTY: boolean;
  stdout: { isTTY: boolean; columns?: number; rows?: number };
  stderr: { isTTY: boolean; columns?: number; rows?: number };
}

/** Why a runtime declined a request; `build` means it is of another build and is stopping for the client's. */
export type DeclineReason = "busy" | "build" | "in-process" | "cwd";

/** The argv marker the bin starts the runtime with (never a command a user types). */
export const RUNTIME_ARG = "__clawperator-runtime";

/** Commands that run for as long as the user wants or own the terminal: always in the caller's own process. */
const IN_PROCESS = [["serve"], ["mcp"], ["virtual", "start"], ["daemon"]];

/** Whether a call's words after its global flags name one of the commands that always run in process. */
export const runsInProcess = (words: readonly string[]): boolean =>
  IN_PROCESS.some((prefix) => prefix.every((word, i) => words[i] === word));
