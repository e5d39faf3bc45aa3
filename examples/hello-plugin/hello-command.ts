import { defineCommandHandler } from "clawperator";
import { helloArgs } from "./command-args.ts";

/** `args` is typed from `helloArgs` (`args.name` a string, `args.shout` a boolean), `pretty`'s result from `run`. */
export function createHelloCommand(greeting: string) {
  return defineCommandHandler(helloArgs, {
    run: (args) => {
      const text = `${greeting}, ${args.name ?? "world"}!`;
      return { ok: true, greeting: args.shout ? text.toUpperCase() : text };
    },
    pretty: (result) => result.greeting,
  });
}
