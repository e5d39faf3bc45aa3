import type { ArgsDef } from "citty";
import type { CommandContribution, CommandDefinition, NoArgs } from "./contributions.ts";

/**
 * Returns its input, like citty's `defineCommand`: it exists so TypeScript infers the command's args from its `args`
 * table and checks that the handler `load` gives is typed for that table.
 */
export function defineCommand<const A extends ArgsDef = NoArgs>(command: CommandDefinition<A>): CommandContribution<A> {
  return command;
}
