import type { ArgsDef, ParsedArgs } from "citty";
import type { ErrorCode } from "../contracts/error-codes.ts";
import type { DoctorFacts } from "../doctor/facts.ts";
import type { ExecutionHook } from "../execution/hooks.ts";
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

/** Args of a command that declares none. */
export type NoArgs = Record<never, never>;

/**
 * The parsed flags of a command with the argument table `A`, typed from it by citty's `ParsedArgs`. Where the table
 * is not known statically (`ArgsDef`: the registry's view of every command, a front end calling one by path) they
 * are a plain record.
 */
export type CommandArgs<A extends ArgsDef> = string extends keyof A
  ? { _: string[] } & Record<string, unknown>
  : ParsedArgs<A>;

export interface CommandRunContext<A extends ArgsDef = NoArgs> {
  /** The command's own flags, parsed by citty and typed from the contribution's `args`. */
  args: CommandArgs<A>;
  globals: GlobalOptions;
  services: ServiceAccess;
  config: RuntimeConfig;
  logger: Logger;
}

/** What a command's lazily loaded module default-exports; `A` is the `typeof` its contribution's args. */
export interface CommandHandler<A extends ArgsDef = NoArgs> {
  // A method, not a function property: a handler of any table then fits the registry's `CommandContribution`, whose
  // table is erased; `defineCommand` checks the handler against its own table strictly.
  run(ctx: CommandRunContext<A>): Promise<unknown> | unknown;
  /** Human rendering of `run`'s result for `--output pretty`; JSON otherwise. */
  pretty?(result: unknown): string;
  /** Exit code for a result that is not an error (default 0). */
  exitCode?(result: unknown): number;
}

export type Lazy<T> = () => Promise<{ default: T }>;

/**
 * A command, declared as data; `load` imports the implementation only when the command runs. Without a type argument
 * it is any command (what the registry holds); `defineCommand` infers `A` from `args`.
 */
export interface CommandContribution<A extends ArgsDef = ArgsDef> {
  path: readonly string[];
  description: string;
  /** Other paths that run this command (e.g. `["exec"]` for `["execute"]`); kept out of help listings. */
  aliases?: readonly (readonly string[])[];
  /** The flags and positionals; keys may be camelCase or kebab-case: `--help` shows kebab-case, and both parse. */
  args?: A;
  /**
   * Flags for test authors (fault injection, states no user wants): parsed like the others, but listed only by
   * `--help --all`, so that default help shows what people use. Each is a key of `args`.
   */
  hiddenArgs?: readonly string[];
  hidden?: boolean;
  /**
   * Unknown flags and surplus arguments (and everything after `--`) are handed to the command in `args._`, in
   * order, instead of being refused: for commands that forward arguments to a child (`skills run`).
   */
  passthrough?: boolean;
  load: Lazy<CommandHandler<A>>;
}

/**
 * A command as `defineCommand` and `ctx.commands.add` take it: `A` is inferred from `args` alone, and the handler
 * `load` gives must take exactly that table's flags (`run` compared as a function property, so a handler reading a
 * flag the table lacks does not fit).
 */
export interface CommandDefinition<A extends ArgsDef> extends Omit<CommandContribution<A>, "load"> {
  load: Lazy<Omit<CommandHandler<NoInfer<A>>, "run"> & { run: (ctx: CommandRunContext<NoInfer<A>>) => unknown }>;
}

/** A command group (e.g. `virtual`), for help listings. */
export interface CommandGroupContribution {
  path: readonly string[];
  description: string;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a route's module default-exports: an h3 handler, called with the request event. */
export type RouteHandler = (event: import("h3").H3Event) => unknown;

/** zod schemas of a route's inputs and success response, for `GET /openapi.json`. */
export interface RouteSchemas {
  body?: import("zod").ZodType;
  params?: import("zod").ZodType;
  query?: import("zod").ZodType;
  response?: import("zod").ZodType;
  /** Media type of the success response (default `application/json`; SSE routes say `text/event-stream`). */
  responseType?: string;
}

export interface RouteContribution {
  method: HttpMethod;
  /** An h3 route path (`/android/emulators/:name`). */
  path: string;
  description?: string;
  /**
   * The catalogue codes the route itself may answer with; `GET /openapi.json` lists each under its HTTP status,
   * beside those of the body reader (a route with a body schema) and of the server (Host, Origin, token, shutdown).
   */
  errors?: readonly ErrorCode[];
  /**
   * The route's schemas; prefer the lazy form (`() => import("./schemas.ts").then(m => m.runSchemas)`) so zod and the
   * contracts load only when `/openapi.json` is asked for, not at every CLI start.
   */
  schemas?: RouteSchemas | (() => Promise<RouteSchemas>);
  /**
   * Answered without the token (Host and Origin rules still apply): for what carries no device data and acts on
   * nothing, such as a web page's static files, which must load before the page can ask for the token.
   */
  public?: boolean;
  load: Lazy<RouteHandler>;
}

/**
 * What `serve` puts on every request as `event.context.clawperator`: the kernel's services and a signal that aborts
 * when the server starts shutting down (long-running routes stop waiting on it; SSE streams close on it).
 */
export interface RouteRequestContext {
  services: ServiceAccess;
  config: RuntimeConfig;
  logger: Logger;
  shutdown: AbortSignal;
}

declare module "h3" {
  interface H3EventContext {
    clawperator?: RouteRequestContext;
  }
}

export type DoctorPhase = "host" | "device" | "readiness";

/** One check of a DoctorReport (spec/001 "Doctor Check Result"). */
export interface DoctorCheckResult {
  id: string;
  status: "pass" | "warn" | "fail";
  code?: string;
  summary: string;
  detail?: string;
  fix?: {
    title: string;
    platform: "mac" | "linux" | "win" | "any";
    steps: Array<{ kind: "shell" | "manual"; value: string }>;
  };
  deviceGuidance?: { screen: string; steps: string[] };
  evidence?: Record<string, unknown>;
}

/** The doctor run's flags, for checks that only act in some modes. */
export interface DoctorFlags {
  fix: boolean;
  full: boolean;
  checkOnly: boolean;
  /** `--apk`: the Operator APK `--full` installs. */
  apk?: string;
}

export interface DoctorCheckContext {
  services: ServiceAccess;
  config: RuntimeConfig;
  globals: GlobalOptions;
  /** The selected device, once device discovery has chosen one. */
  deviceId?: string;
  receiverPackage: string;
  flags: Readonly<DoctorFlags>;
  /** Facts earlier checks found (e.g. `SelectedDevice`), shared down the ordered list. */
  facts: DoctorFacts;
}

export interface DoctorCheck {
  run(ctx: DoctorCheckContext): Promise<Omit<DoctorCheckResult, "id">>;
}

export interface CheckContribution {
  id: string;
  phase: DoctorPhase;
  /** A critical failure halts the checks after it (spec/001 "Clawperator Doctor"). */
  critical: boolean;
  description: string;
  /** Place in its phase: lower runs first; ties keep registration order. */
  order?: number;
  /** Runs only in `doctor --full`. */
  full?: boolean;
  /**
   * Checks this one means nothing without: it runs only when each of them ran and did not fail, and is otherwise
   * left out of the report (no version to compare while the Operator is not installed).
   */
  needs?: string[];
  load: Lazy<DoctorCheck>;
}

/** Hooks around every execution (close_app force-stop, screenshot capture, snapshot injection, ...). */
export interface ExecutionHookContribution {
  name: string;
  /** Lower runs first; ties keep registration order. */
  order?: number;
  load: Lazy<ExecutionHook>;
}

export interface TransportFactoryContext {
  services: ServiceAccess;
  config: RuntimeConfig;
  logger: Logger;
}

/** Builds the transport; loaded only when a command first needs a device. */
export type TransportFactory = (ctx: TransportFactoryContext) => Transport | Promise<Transport>;

export interface TransportContribution {
  name: string;
  description?: string;
  load: Lazy<TransportFactory>;
}

/**
 * Where a skill directory ranks when skills of the same name meet (spec/004 section 4, lowest to highest:
 * extra dirs and plugin dirs, bundled, managed, personal agents, project agents, workspace).
 */
export const SKILL_PRECEDENCE = ["extra", "bundled", "managed", "personal", "project", "workspace"] as const;
export type SkillPrecedence = (typeof SKILL_PRECEDENCE)[number];

/** A directory of AgentSkills folders (each with a SKILL.md) a plugin ships. */
export interface SkillSourceContribution {
  id: string;
  /** Absolute path of the directory. */
  dir: string;
  /** Default "extra", the tier spec/004 gives plugin-contributed dirs. */
  precedence?: SkillPrecedence;
  description?: string;
}
