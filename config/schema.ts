import { z } from "zod";
import type { ClawperatorPlugin } from "../core/kernel/index.ts";

const packageName = z
  .string()
  .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/, "must be an Android application id like com.example.app");

const inlinePlugin = z.custom<ClawperatorPlugin>(
  (v) =>
    typeof v === "object" &&
    v !== null &&
    typeof (v as ClawperatorPlugin).name === "string" &&
    typeof (v as ClawperatorPlugin).setup === "function",
  "must be a plugin object made with definePlugin()",
);

/** A plugin: a package name, a path relative to the config file, `[nameOrPath, options]`, or an inline plugin. */
export const PluginRefSchema = z.union([z.string().min(1), z.tuple([z.string().min(1), z.unknown()]), inlinePlugin]);

const skillEntry = z.strictObject({
  enabled: z.boolean().optional(),
  env: z.record(z.string(), z.string()).optional(),
  apiKey: z.string().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});

const actionList = z.array(z.string().min(1));

/** An agent id as OpenClaw accepts one (compared without case). */
const agentId = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export const ConfigSchema = z.strictObject({
  /** Third-party plugins, loaded after the built-ins. */
  plugins: z.array(PluginRefSchema).default([]),
  /** Built-in plugins not to load, by name (e.g. "virtual"). */
  disablePlugins: z.array(z.string().min(1)).default([]),
  deviceId: z.string().min(1).optional(),
  /** The CLI's output when neither --output nor CLAWPERATOR_OUTPUT says (people who want pretty by default). */
  output: z.enum(["json", "pretty"]).optional(),
  operatorPackage: packageName.optional(),
  /**
   * Broadcast action of the Operator APK (docs/protocol.md#dispatch: the shipped APK's differs from the product's
   * documentation).
   */
  operatorAction: z.string().min(1).optional(),
  adbPath: z.string().min(1).optional(),
  /** Where `operator download` finds Operator releases: the URL of their latest.json (the versioned files beside it). */
  operator: z.strictObject({ downloadUrl: z.url().optional() }).optional(),
  /** How long a plugin's setup may take before boot fails naming it (default 10000 ms). */
  pluginSetupTimeoutMs: z.number().int().min(1).max(600_000).optional(),
  /** The transport for serials several transports report, or none does (default "adb"). */
  transport: z.string().min(1).optional(),
  /** A DeviceFarmer STF farm to lease devices from; its plugin validates the block (plugins/stf). */
  stf: z.record(z.string(), z.unknown()).optional(),
  serve: z
    .strictObject({
      host: z.string().min(1).optional(),
      port: z.number().int().min(0).max(65_535).optional(),
      token: z.string().min(1).optional(),
      /** Web origins besides the server's own whose pages may call the API (`http://localhost:5173`). */
      allowedOrigins: z.array(z.string().min(1)).optional(),
      /** Long-lived streams (GET /events and MCP's SSE streams) open at once, in all (default 256). */
      maxStreams: z.number().int().min(1).max(100_000).optional(),
      /** ... and to one client address (default 64). */
      maxStreamsPerClient: z.number().int().min(1).max(100_000).optional(),
    })
    .optional(),
  /** MCP over HTTP (`/mcp`). */
  mcp: z
    .strictObject({
      /** Sessions live at once per server (default 64); an `initialize` over it is refused. */
      maxSessions: z.number().int().min(1).max(100_000).optional(),
      /** How long a session may go without a request before it expires (default 600000, 10 minutes). */
      sessionIdleMs: z.number().int().min(1_000).max(86_400_000).optional(),
    })
    .optional(),
  skills: z
    .strictObject({
      registry: z.string().min(1).optional(),
      dir: z.string().min(1).optional(),
      repo: z.string().min(1).optional(),
      ref: z.string().min(1).optional(),
      /** Transports `skills install|update|sync` may use (default https, ssh, git, file); replaces the default. */
      allowedRepoTransports: z.array(z.string().regex(/^[a-z][a-z0-9+.-]*$/)).optional(),
      /** The time limit of each git call of `skills install|update|sync` (default 300000). */
      gitTimeoutMs: z.number().int().min(1_000).max(3_600_000).optional(),
      /** The bytes of a skill script's stdout and of its stderr `skills run` keeps: the last ones (default 1 MiB). */
      maxOutputBytes: z.number().int().min(1_024).max(268_435_456).optional(),
      allowBundled: z.array(z.string()).optional(),
      load: z
        .strictObject({
          extraDirs: z.array(z.string()).optional(),
          /** Long-lived hosts rebuild their skills snapshot when a SKILL.md or the config changes (default true). */
          watch: z.boolean().optional(),
          /** How long the watcher waits for changes to settle before it rebuilds (default 250 ms). */
          watchDebounceMs: z.number().int().min(0).max(60_000).optional(),
        })
        .optional(),
      /** Dependency installs (`skills install-deps`): brew first when on PATH (default true), the node manager. */
      install: z
        .strictObject({
          preferBrew: z.boolean().optional(),
          nodeManager: z.enum(["npm", "pnpm", "yarn", "bun"]).optional(),
        })
        .optional(),
      entries: z.record(z.string(), skillEntry).optional(),
    })
    .optional(),
  /**
   * Agents and their skill allowlists (docs/openclaw-skills.md#agent-allowlists): `skills` absent = every skill, `[]` =
   * none.
   */
  agents: z
    .strictObject({
      defaults: z.strictObject({ skills: z.array(z.string()).optional() }).optional(),
      list: z
        .array(
          z.strictObject({
            id: z.string().regex(agentId, "must be 1-64 letters, digits, '_' or '-', starting with a letter or digit"),
            default: z.boolean().optional(),
            skills: z.array(z.string()).optional(),
          }),
        )
        .refine((list) => new Set(list.map((a) => a.id.toLowerCase())).size === list.length, "agent ids must be unique")
        .optional(),
    })
    .optional(),
  /**
   * take_screenshot paths from payloads must lie in one of these (default: the working directory and the OS temp
   * directory).
   */
  screenshots: z.strictObject({ allowedDirs: z.array(z.string().min(1)).optional() }).optional(),
  /**
   * The view an action returns: how long the host waits at most for the screen to settle before it captures it
   * (default 1500 ms).
   */
  views: z.strictObject({ settleCeilingMs: z.number().int().min(0).max(10_000).optional() }).optional(),
  policy: z
    .strictObject({
      allowActions: actionList.optional(),
      denyActions: actionList.optional(),
      allowPackages: z.array(z.string().min(1)).optional(),
      denyPackages: z.array(z.string().min(1)).optional(),
      maxTimeoutMs: z.number().int().min(1_000).max(120_000).optional(),
    })
    .optional(),
});

export type ClawperatorConfigInput = z.input<typeof ConfigSchema>;
export type ClawperatorConfig = z.output<typeof ConfigSchema> & { filepath?: string };
