/**
 * The part of OpenClaw's plugin API (openclaw 2026.9.x, `openclaw/plugin-sdk`) this plugin uses, declared here so
 * the package does not depend on OpenClaw itself.
 */
export interface OpenClawToolResult {
  content: Array<{ type: "text"; text: string } | { type: "image"; data: string; mimeType: string }>;
  details: unknown;
}

export interface OpenClawTool {
  name: string;
  description: string;
  /** JSON Schema; OpenClaw does not enforce `required`, so the tool validates its own input. */
  parameters: Record<string, unknown>;
  execute(toolCallId: string, params: unknown, signal?: AbortSignal): Promise<OpenClawToolResult>;
}

export interface OpenClawLogger {
  info?(message: string): void;
  warn?(message: string): void;
  error?(message: string): void;
}

/** What OpenClaw hands a tool factory for each agent run (`OpenClawPluginToolContext`; we read the agent). */
export interface OpenClawToolContext {
  agentId?: string;
  workspaceDir?: string;
  sessionKey?: string;
}

export interface OpenClawPluginApi {
  /** The installed plugin's root directory. */
  rootDir?: string;
  /** "full" in the gateway; discovery modes only collect registrations and must not start work. */
  registrationMode?: string;
  /** The user's config for this plugin (`plugins.entries.<id>.config`), already checked against configSchema. */
  pluginConfig?: unknown;
  logger?: OpenClawLogger;
  /** A tool, or a factory OpenClaw calls per agent run (then `opts.name` declares the tool's name). */
  registerTool(tool: OpenClawTool | ((ctx: OpenClawToolContext) => OpenClawTool), opts?: { name?: string }): void;
  on?(hook: "gateway_start" | "gateway_stop", handler: () => Promise<void> | void): void;
}
