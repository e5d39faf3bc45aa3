import { createToken } from "../kernel/token.ts";
/**
 * The parts of the validated configuration that core and plugins read. config/ owns the schema and file
 * discovery; its inferred type is checked to fit this interface.
 */
export interface RuntimeConfig {
  deviceId?: string;
  /** The CLI's output when neither --output nor CLAWPERATOR_OUTPUT says: json (the default, for agents) or pretty. */
  output?: "json" | "pretty";
  operatorPackage?: string;
  operatorAction?: string;
  adbPath?: string;
  /** `downloadUrl`: the Operator releases' latest.json (default https://downloads.clawperator.com/operator/latest.json). */
  operator?: { downloadUrl?: string };
  transport?: string;
  pluginSetupTimeoutMs?: number;
  /** A DeviceFarmer STF farm (`url`, `token`, `adbKey`, `filter`, `leaseIdleMs`), validated by the stf plugin. */
  stf?: Record<string, unknown>;
  serve?: {
    host?: string;
    port?: number;
    token?: string;
    allowedOrigins?: string[];
    /** Long-lived streams (GET /events, MCP's SSE streams) open at once: in all, and to one client address. */
    maxStreams?: number;
    maxStreamsPerClient?: number;
  };
  /** MCP over HTTP: sessions live at once, and how long one may go without a request before it expires. */
  mcp?: { maxSessions?: number; sessionIdleMs?: number };
  skills?: Record<string, unknown>;
  /** Agents and their skill allowlists (`list[]` of `{ id, default?, skills? }`, `defaults.skills`). */
  agents?: {
    defaults?: { skills?: string[] };
    list?: { id: string; default?: boolean; skills?: string[] }[];
  };
  /** Where take_screenshot paths from payloads may point (default: the working directory and the OS temp directory). */
  screenshots?: { allowedDirs?: string[] };
  /** Act and see: the most the host waits for the screen to settle before the view (ms, default 1500). */
  views?: { settleCeilingMs?: number };
  policy?: {
    allowActions?: string[];
    denyActions?: string[];
    allowPackages?: string[];
    denyPackages?: string[];
    maxTimeoutMs?: number;
  };
  /** Absolute path of the config file the values came from, when there was one. */
  filepath?: string;
}

export const RuntimeConfig = createToken<RuntimeConfig>("RuntimeConfig");
