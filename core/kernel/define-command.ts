import type { ArgsDef } from "citty";
import type { CommandDefinition, CommandHandler, NoArgs } from "./contributions.ts";

/**
 * A command contribution, returned as given: it exists so TypeScript infers the flags from `args` and the result
 * from `run`, and checks `pretty` and `exitCode` against that result. (Named apart from citty's `defineCommand`,
 * whose shape differs: ours is declared as data under a path and may load its implementation lazily.)
 */
export function defineCliCommand<const A extends ArgsDef = NoArgs, R = unknown>(
  command: CommandDefinition<A, R>,
  // NoInfer: a list's element type (AnyCommandDefinition) must not become the flags' type.
): NoInfer<CommandDefinition<A, R>> {
  return command;
}

/**
 * A handler module's default export (for a command whose `load` imports it), typed from its flags table and from
 * what `run` returns.
 */
export function defineCommandHandler<R>(handler: CommandHandler<NoArgs, R>): CommandHandler<NoArgs, R>;
export function defineCommandHandler<const A extends ArgsDef, R>(
  args: A,
  handler: CommandHandler<NoInfer<A>, R>,
): CommandHandler<A, R>;
export function defineCommandHandler(
  argsOrHandler: ArgsDef | CommandHandler,
  handler?: CommandHandler,
): CommandHandler {
  return handler ?? (argsOrHandler as CommandHandler);
}
