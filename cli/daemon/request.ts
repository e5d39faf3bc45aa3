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

/** The argv markers the bin starts the runtime and a spare MCP server with (never commands a user types). */
export const RUNTIME_ARG = "__clawperator-runtime";
export const SPARE_ARG = "__clawperator-mcp-spare";

/** Commands that run for as long as the user wants or own the terminal: always in the caller's own process. */
const IN_PROCESS = [["serve"], ["mcp"], ["virtual", "start"], ["daemon"]];

/** Whether a call's words after its global flags name one of the commands that always run in process. */
export const runsInProcess = (words: readonly string[]): boolean =>
  IN_PROCESS.some((prefix) => prefix.every((word, i) => words[i] === word));

/**
 * Whether a call is an MCP client's session over stdio (`clawperator mcp`, flags of its own but not --http or a help
 * flag), which a spare MCP server can serve: the words as the client typed them, so client and spare judge alike.
 */
export const servesMcpSession = (words: readonly string[]): boolean =>
  words[0] === "mcp" && !words.some((word) => word.startsWith("--http") || word === "--help" || word === "-h");
