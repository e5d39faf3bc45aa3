import type { CommandHandler } from "clawperator";
import type { helloArgs } from "./command-args.ts";

/** `args` is typed from `helloArgs`: `args.name` is a string, `args.shout` a boolean. */
export function createHelloCommand(greeting: string): CommandHandler<typeof helloArgs> {
  return {
    run: ({ args }) => {
      const text = `${greeting}, ${args.name ?? "world"}!`;
      return { ok: true, greeting: args.shout ? text.toUpperCase() : text };
    },
    pretty: (result) => (result as { greeting: string }).greeting,
  };
}
