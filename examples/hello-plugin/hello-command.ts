import type { CommandHandler } from "clawperator";

export function createHelloCommand(greeting: string): CommandHandler<{ name?: string }> {
  return {
    run: ({ args }) => ({ ok: true, greeting: `${greeting}, ${args.name ?? "world"}!` }),
    pretty: (result) => (result as { greeting: string }).greeting,
  };
}
