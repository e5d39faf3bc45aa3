import type { ArgsDef, ParsedArgs } from "citty";
import type { ErrorCode } from "../contracts/error-codes.ts";
import type { ExecutionHook } from "../execution/hooks.ts";
import type { Logger } from "../services/logger.ts";
import type { RuntimeConfig } from "../services/runtime-config.ts";
import type { Transport } from "../services/transport.ts";
import type { Lazy, Loaded, Resolvable } from "./resolvable.ts";
import type { ServiceAccess } from "./service-access.ts";

export type * from "./check-contribution.ts";
export type { Lazy, Loaded, Resolvable } from "./resolvable.ts";

/** Options every command receives from the global flags (docs/cli.md#global-options). */
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

/** What a command's `run` gets beside its own flags. */
export interface CommandRunContext {
  globals: GlobalOptions;
  services: ServiceAccess;
  config: RuntimeConfig;
  logger: Logger;
}

/**
 * A command's implementation. `args` are its own flags, parsed by citty and typed from the contribution's `args`
 * table; `R` is what `run` returns, which `pretty` renders for `--output pretty` (JSON otherwise) and `exitCode` maps
 * to the exit code when it is not an error (default 0).
 */
export interface CommandHandler<A extends ArgsDef = NoArgs, R = unknown> {
  // Methods, not function properties: a handler of any table and result then fits the registry's
  // `CommandContribution`, whose types are erased; `defineCliCommand` checks the handler against its own table.
  run(args: CommandArgs<A>, ctx: CommandRunContext): R | Promise<R>;
  pretty?(result: R): string;
  exitCode?(result: R): number;
}

/** What describes a command, whatever form its implementation takes. */
interface CommandInfo<A extends ArgsDef> {
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
}

/** A command as the registry holds it: described as data, its implementation loaded only when it runs. */
export interface CommandContribution<A extends ArgsDef = ArgsDef> extends CommandInfo<A> {
  load: Lazy<CommandHandler<A>>;
}

/** The handler as `defineCliCommand` checks it: `run` compared as a function property, so a handler reading a flag
 * the table lacks does not fit. */
interface StrictHandler<A extends ArgsDef, R> {
  run: (args: CommandArgs<A>, ctx: CommandRunContext) => R | Promise<R>;
  pretty?: (result: Awaited<R>) => string;
  exitCode?: (result: Awaited<R>) => number;
}

/**
 * A command as a plugin writes it (`defineCliCommand`, `ctx.commands.add`): `run` (with `pretty`, `exitCode`)
 * inline, or `load`: the handler, a function returning it, or a lazy import of a module whose default export it is.
 * `A` is inferred from `args` alone.
 */
export type CommandDefinition<A extends ArgsDef, R = unknown> = CommandInfo<A> &
  ((StrictHandler<NoInfer<A>, R> & { load?: never }) | { load: Resolvable<StrictHandler<NoInfer<A>, R>>; run?: never });

/** Any command definition, its flags and result erased: what lists of commands hold, once `defineCliCommand` checked
 * each. */
export type AnyCommandDefinition = CommandInfo<ArgsDef> &
  Partial<CommandHandler<ArgsDef>> & { load?: Resolvable<CommandHandler<ArgsDef>> };

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

interface RouteInfo {
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
}

/** A route as the registry holds it. */
export interface RegisteredRoute extends RouteInfo {
  load: Lazy<RouteHandler>;
}

/**
 * A route as a plugin writes it: its `handler` inline, or `load`, a function returning it or a lazy import of a
 * module whose default export it is.
 */
export type RouteContribution = RouteInfo &
  (
    | { handler: RouteHandler; load?: never }
    | { load: () => Loaded<RouteHandler> | Promise<Loaded<RouteHandler>>; handler?: never }
  );

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

interface HookInfo {
  name: string;
  /**
   * Lower runs first; ties keep registration order. Default 0, after every built-in hook (docs/plugins.md#order
   * lists their positions).
   */
  order?: number;
}

/** A hook as the registry holds it. */
export interface RegisteredHook extends HookInfo {
  load: Lazy<ExecutionHook>;
}

/**
 * Hooks around every execution (close_app force-stop, screenshot capture, snapshot injection, ...): the methods
 * inline, or `load`, the hook, a function returning it, or a lazy import.
 */
export type ExecutionHookContribution = HookInfo &
  ((ExecutionHook & { load?: never }) | { load: Resolvable<ExecutionHook> });

export interface TransportFactoryContext {
  services: ServiceAccess;
  config: RuntimeConfig;
  logger: Logger;
}

/** Builds the transport; loaded only when a command first needs a device. */
export type TransportFactory = (ctx: TransportFactoryContext) => Transport | Promise<Transport>;

interface TransportInfo {
  name: string;
  description?: string;
}

/** A transport as the registry holds it. */
export interface RegisteredTransport extends TransportInfo {
  load: Lazy<TransportFactory>;
}

/** A transport as a plugin writes it: its factory inline (`create`), or `load`, a function returning it or a lazy import. */
export type TransportContribution = TransportInfo &
  (
    | { create: TransportFactory; load?: never }
    | { load: () => Loaded<TransportFactory> | Promise<Loaded<TransportFactory>>; create?: never }
  );

/**
 * Where a skill directory ranks when skills of the same name meet (docs/openclaw-skills.md#sources-and-precedence,
 * lowest to highest: extra dirs and plugin dirs, bundled, managed, personal agents, project agents, workspace).
 */
export const SKILL_PRECEDENCE = ["extra", "bundled", "managed", "personal", "project", "workspace"] as const;
export type SkillPrecedence = (typeof SKILL_PRECEDENCE)[number];

/** A directory of AgentSkills folders (each with a SKILL.md) a plugin ships. */
export interface SkillSourceContribution {
  id: string;
  /** Absolute path of the directory. */
  dir: string;
  /**
   * Default "extra", the tier OpenClaw gives plugin-contributed dirs (docs/openclaw-skills.md#sources-and-precedence).
   */
  precedence?: SkillPrecedence;
  description?: string;
}
