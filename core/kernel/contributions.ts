import type { ArgsDef } from "citty";
import type { Logger } from "../services/logger.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import type { Transport } from "../services/transport.ts";
import type { ServiceAccess } from "./service-access.ts";

/** Options every command receives from the global flags (spec/001 "Global Options"). */
export interface GlobalOptions {
  deviceId?: string;
  receiverPackage?: string;
  output: "json" | "pretty";
  timeoutMs?: number;
  verbose: boolean;
  configPath?: string;
}

export interface CommandRunContext<A = Record<string, unknown>> {
  args: A & { _: string[] };
  globals: GlobalOptions;
  services: ServiceAccess;
  config: RuntimeConfig;
  logger: Logger;
}

/** What a command's lazily loaded module default-exports. */
export interface CommandHandler<A = Record<string, unknown>> {
  run(ctx: CommandRunContext<A>): Promise<unknown> | unknown;
  /** Human rendering of `run`'s result for `--output pretty`; JSON otherwise. */
  pretty?(result: unknown): string;
  /** Exit code for a result that is not an error (default 0). */
  exitCode?(result: unknown): number;
}

type Lazy<T> = () => Promise<{ default: T }>;

/** A command, declared as data; `load` imports the implementation only when the command runs. */
export interface CommandContribution {
  path: readonly string[];
  description: string;
  /** Other paths that run this command (e.g. `["exec"]` for `["execute"]`). */
  aliases?: readonly (readonly string[])[];
  args?: ArgsDef;
  hidden?: boolean;
  load: Lazy<CommandHandler<any>>;
}

/** A command group (e.g. `virtual`), for help listings. */
export interface CommandGroupContribution {
  path: readonly string[];
  description: string;
}

export interface RouteContribution {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  description?: string;
  /** Default-exports an h3 event handler. */
  load: Lazy<unknown>;
}

export type DoctorPhase = "host" | "device" | "readiness";

export interface DoctorCheckResult {
  id: string;
  status: "pass" | "warn" | "fail";
  code?: string;
  summary: string;
  detail?: string;
  fix?: { title: string; platform: "mac" | "linux" | "win" | "any"; steps: Array<{ kind: "shell" | "manual"; value: string }> };
  deviceGuidance?: { screen: string; steps: string[] };
  evidence?: Record<string, unknown>;
}

export interface DoctorCheckContext {
  services: ServiceAccess;
  config: RuntimeConfig;
  globals: GlobalOptions;
  deviceId?: string;
}

export interface DoctorCheck {
  run(ctx: DoctorCheckContext): Promise<Omit<DoctorCheckResult, "id">>;
}

export interface CheckContribution {
  id: string;
  phase: DoctorPhase;
  critical: boolean;
  description: string;
  load: Lazy<DoctorCheck>;
}

/** Hooks around every execution (close_app force-stop, screenshot capture, snapshot injection, ...). */
export interface ExecutionHookContribution<Before = unknown, After = unknown> {
  name: string;
  /** Lower runs first; ties keep registration order. */
  order?: number;
  load: Lazy<{ beforeDispatch?(ctx: Before): Promise<void> | void; afterResult?(ctx: After): Promise<void> | void }>;
}

export interface TransportContribution {
  name: string;
  description?: string;
  create(ctx: { services: ServiceAccess; config: RuntimeConfig; logger: Logger }): Transport;
}
