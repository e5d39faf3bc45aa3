import { createToken } from "../kernel/token.ts";

/** A JSON Schema object (draft 2020-12), as agent protocols (OpenClaw, MCP) take tool inputs and results. */
export type JsonSchema = Record<string, unknown>;

/**
 * What is true of a tool, in the words agent protocols use for it (MCP's tool annotations): a front end passes
 * them on; none of them is enforced.
 */
export interface ToolHints {
  /** Only observes: changes nothing on the device or the host's state. */
  readOnly: boolean;
  /** May change the device in ways that are not simply additive (taps, typing, running flows). */
  destructive: boolean;
  /** Calling it again with the same input has no further effect. */
  idempotent: boolean;
  /** Reaches beyond this host's own state: a device's screen and its apps, which nobody here controls. */
  openWorld: boolean;
}

/** What a tool hands back: a short text for the model, the structured result, and an image where there is one. */
export interface ToolOutput {
  text: string;
  details: unknown;
  image?: { data: string; mimeType: "image/png" };
  /** Set when the tool ran but what it was asked for failed (a step's NODE_NOT_FOUND): the catalogue's code. */
  failure?: { code: string; message: string };
}

/** How a front end follows and stops one tool call. */
export interface ToolCallOptions {
  /** Aborts the call: it stops waiting, releases what it holds and rejects. */
  signal?: AbortSignal;
  /** Progress of a long call (a skill's output lines, doctor's checks), for clients that show it. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /**
   * The agent the call is made for (`mcp --agent`, serve's `?agent=`, the id OpenClaw passes): its skills allowlist
   * applies to the skills tools.
   */
  agentId?: string;
  /** The id comes from a host with agents of its own (OpenClaw): one the config does not list gets the defaults. */
  lenientAgent?: boolean;
  /**
   * The client session the call belongs to (an MCP session, an OpenClaw session): the views, refs and incremental
   * baselines of one session are never another's.
   */
  session?: string;
}

/** One tool of the catalogue, bound to the runtime it runs on. */
export interface AgentToolEntry {
  name: string;
  description: string;
  /** JSON Schema of the input, generated from the zod contracts. */
  inputSchema: JsonSchema;
  /** JSON Schema of `details` when the call succeeds. */
  outputSchema: JsonSchema;
  hints: ToolHints;
  /** Validates `input` (EXECUTION_VALIDATION_FAILED naming the path) and runs the tool. */
  call(input: unknown, options?: ToolCallOptions): Promise<ToolOutput>;
}

/**
 * The agent tool catalogue of this runtime, protocol-neutral: what a front end plugin (MCP) offers an agent. The
 * composition root registers it; the catalogue's modules load on the first `list()`.
 */
export interface AgentTools {
  list(): Promise<readonly AgentToolEntry[]>;
}

export const AgentTools = createToken<AgentTools>("AgentTools");
